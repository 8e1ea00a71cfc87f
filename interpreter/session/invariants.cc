#include "session/invariants.h"

namespace hukum {

std::string check_zones(const GameState& state) {
  const Ruleset& rules = state.ruleset();
  CardSet seen = state.stock() | state.trick_cards();
  if (!(state.stock() & state.trick_cards()).empty()) return "a card is both in the stock and the trick";
  if (!(seen & state.out_of_play()).empty()) return "a card is both out of play and in the stock or trick";
  seen |= state.out_of_play();
  for (int s = 0; s < rules.seats; ++s) {
    for (CardSet zone : {state.hand_of(s), state.hidden_of(s), state.captured_by(s)}) {
      if (!(seen & zone).empty())
        return "card " + rules.deck.card_text((seen & zone).first()) + " is in two zones";
      seen |= zone;
    }
  }
  if (seen != rules.deck.all)
    return "card " + rules.deck.card_text((rules.deck.all & ~seen).first()) + " is in no zone";
  return {};
}

std::string check_deal_end(const GameState& state) {
  const Ruleset& rules = state.ruleset();
  if (auto err = check_zones(state); !err.empty()) return err;
  CardSet captured;
  for (int s = 0; s < rules.seats; ++s) captured |= state.captured_by(s);
  if (captured != (rules.deck.all & ~state.stock() & ~state.out_of_play()))
    return "cards left in play at the end of the deal";
  if (!state.result().ended_early && !state.out_of_play().empty() && state.result().bidder < 0)
    return "cards set aside unplayed in a deal that ran to its end";
  const DealResult& r = state.result();
  int tricks = 0, points = 0;
  for (int t : r.tricks) tricks += t;
  for (int p : r.points) points += p;
  if (tricks != state.tricks_played()) return "tricks won do not add up to the tricks played";
  int expected = rules.play.last_trick_bonus;
  for (Card c : captured)
    expected += rules.deck.cards[c].suit == state.trump_suit() ? rules.trump_points[c] : rules.plain_points[c];
  if (points != expected)
    return "points add up to " + std::to_string(points) + ", the captured cards hold " + std::to_string(expected);
  if (r.winner_team >= rules.teams) return "winner is not a team";
  if (r.next_dealer < 0 || r.next_dealer >= rules.seats) return "next dealer is not a seat";
  return {};
}

}  // namespace hukum
