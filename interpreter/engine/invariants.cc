#include "engine/invariants.h"

#include "ruleset/step_kind.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace hukum {

// Every card in exactly one zone: derived from the zone list (engine/zones.h),
// so a zone added there is checked here without more code.
std::string check_zones(const GameState& state) {
  const Ruleset& rules = state.ruleset();
  CardSet seen;
  for (const Place& place : state.places()) {
    const CardSet cards = state.cards_in(place);
    if (!(seen & cards).empty())
      return "card " + rules.deck.card_text((seen & cards).first()) + " is in two zones (one is the " +
             state.place_text(place) + ")";
    seen |= cards;
  }
  if (seen != rules.deck.all)
    return "card " + rules.deck.card_text((rules.deck.all & ~seen).first()) + " is in no zone";
  return {};
}

namespace {

// 5.12-style checks of a fishing deal: hands, stock and layout empty (the
// layout only when the ruleset promises it: fishing.layout_clears, or the
// leftover goes to the last capturer), every card captured, points from the table.
std::string check_fishing_deal_end(const GameState& state) {
  const Ruleset& rules = state.ruleset();
  const FishingRules& f = rules.fishing;
  const DealResult& r = state.result();
  CardSet captured, hands;
  for (int s = 0; s < rules.seats; ++s) captured |= state.captured_by(s), hands |= state.hand_of(s);
  if (!hands.empty() || state.stock_left() != 0) return "cards left in hands or stock at the end of the deal";
  // fishing.stock_unused: that many stock cards are set aside unturned at the end.
  if (!r.ended_early && state.out_of_play().size() != f.stock_unused)
    return "cards set aside in a deal that ran to its end";
  if (!state.pending().empty()) return "a card still waits for a capture choice";
  const bool clears = (f.layout_clears ||
                       (f.leftover == FishingLeftover::LastCapturer && !captured.empty())) && !r.ended_early;
  if (clears && !state.layout().empty())
    return "the layout is not empty at the end of the deal: " + rules.deck.card_text(state.layout().first());
  if ((captured | state.layout() | state.out_of_play()) != rules.deck.all)
    return "cards neither captured, on the layout nor set aside";
  if (r.points.size() != size_t(rules.teams) || r.bonus.size() != size_t(rules.teams) ||
      r.threshold_met.size() != size_t(rules.teams))
    return "the result has no entry for every player";
  int points = 0, expected = 0;
  for (Card c : captured) expected += rules.plain_points[c];
  for (size_t t = 0; t < r.points.size(); ++t) {
    points += r.points[t];
    const int swept = t < r.sweeps.size() ? r.sweeps[t] * f.sweep_points : 0;
    const int majority = t < r.majority.size() ? r.majority[t] : 0;
    const int combinations = t < r.combinations.size() ? r.combinations[t] : 0;
    if (!r.adjusted_by_hooks && r.game_points[t] != r.points[t] + r.bonus[t] + swept + majority + combinations)
      return "a deal score is not card points plus bonus, sweeps, majorities and combinations";
    if (r.threshold_met[t] != (f.threshold > 0 && r.points[t] >= f.threshold)) return "a threshold flag is wrong";
  }
  if (points != expected)
    return "points add up to " + std::to_string(points) + ", the captured cards hold " + std::to_string(expected);
  if (r.winner_team >= rules.teams) return "winner is not a player";
  if (r.next_dealer < 0 || r.next_dealer >= rules.seats) return "next dealer is not a seat";
  return {};
}

}  // namespace

std::string check_deal_end(const GameState& state) {
  const Ruleset& rules = state.ruleset();
  if (auto err = check_zones(state); !err.empty()) return err;
  if (rules.family == Family::Fishing) return check_fishing_deal_end(state);
  CardSet captured, face_down;
  for (int s = 0; s < rules.seats; ++s) captured |= state.captured_by(s), face_down |= state.hidden_of(s);
  // Cards discarded face down (take_turn_up) stay out of the play; nothing else may be left face down.
  // A hook may have laid cards face down, or set them aside (game.move).
  if (face_down.size() > state.discarded_count() + state.hook_face_down())
    return "cards left face down at the end of the deal";
  // A turned-up card no step took (it showed a suit) lies on the table like the stock.
  if (captured != (rules.deck.all & ~state.stock() & ~state.out_of_play() & ~face_down & ~state.turn_up_zone()))
    return "cards left in play at the end of the deal";
  if (!state.result().ended_early && state.out_of_play().size() > state.hook_set_aside() && state.result().bidder < 0)
    return "cards set aside unplayed in a deal that ran to its end";
  const DealResult& r = state.result();
  int tricks = 0, points = 0;
  for (int t : r.tricks) tricks += t;
  for (int p : r.points) points += p;
  if (tricks != state.tricks_played()) return "tricks won do not add up to the tricks played";
  int melds = 0;
  for (int m : r.melds) melds += m;
  int expected = (state.tricks_played() > 0 ? rules.play.last_trick_bonus : 0) + melds;
  for (Card c : captured)
    expected += rules.points_of(c, state.trump_suit());
  if (points != expected)
    return "points add up to " + std::to_string(points) + ", the captured cards hold " + std::to_string(expected);
  if (r.winner_team >= rules.teams) return "winner is not a team";
  if (r.winner_teams != 0 && (r.winner_team >= 0 || (r.winner_teams >> rules.teams) != 0))
    return "the winning side's teams are not teams";
  if (r.bidder >= 0 && r.contract != 0) {
    // A contract or declaration: exactly one side gains game points.
    int scoring = 0;
    for (int g : r.game_points) scoring += g != 0;
    // Hooks may legitimately score both sides (add_score, set_game_points).
    if (scoring != 1 && rules.teams == 2 && !r.adjusted_by_hooks) return "a contract deal must give game points to exactly one side";
    // An auction of bids' contract is within its bids (or the raise's); a
    // hook's (game.set_contract) within the range set_contract allows,
    // checked when it was set.
    if (int low = 0, high = 0; engine_bid_range(rules, &low, &high) &&
                               (r.contract < low || r.contract > std::max(high, rules.raise.max)))
      return "the contract " + std::to_string(r.contract) + " is outside the auction's range";
  }
  if (r.next_dealer < 0 || r.next_dealer >= rules.seats) return "next dealer is not a seat";
  return {};
}

// A broken invariant is a bug of the engine, never of the input: in the
// builds that check (HUKUM_CHECK_INVARIANTS) it stops at once, where it broke.
void GameState::assert_invariants() const {
  std::string err = check_zones(*this);
  if (err.empty() && deal_over()) err = check_deal_end(*this);
  if (err.empty()) return;
  std::fprintf(stderr, "hukum: broken invariant (a bug in the engine): %s\n", err.c_str());
  std::abort();
}

}  // namespace hukum
