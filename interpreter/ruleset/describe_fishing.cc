// `hukum describe` for family fishing: the capture rule (pairs or sums),
// deal sizes, refills, specials, redeals, sweeps, the leftover, majorities,
// the scoring table (as written, with the lines that apply to this
// player count), thresholds, bonuses, the next dealer and the match, all read
// back from the compiled FishingRules.
#include <sstream>

#include "ruleset/describe.h"
#include "ruleset/describe_text.h"

namespace hukum {

namespace {

std::string cards_of(const Ruleset& r, CardSet cards) {
  std::vector<std::string> names;
  for (Card c : cards) names.push_back(r.deck.card_text(c));
  return join(names, " ");
}

std::string by_players(const std::map<int, int>& table) {
  std::vector<std::string> parts;
  for (auto [players, n] : table) parts.push_back(std::to_string(players) + " players: " + std::to_string(n));
  return join(parts, "; ");
}

void capture_text(const Ruleset& r, std::ostringstream& o) {
  const FishingRules& f = r.fishing;
  std::vector<std::string> valued, same;
  for (size_t k = 0; k < r.deck.ranks.size(); ++k) {
    if (f.rank_value[k] > 0) valued.push_back(r.deck.ranks[k] + "=" + std::to_string(f.rank_value[k]));
    if (f.same_rank[k]) same.push_back(r.deck.ranks[k]);
  }
  o << "\nCapturing\n";
  const std::string must = f.compulsory ? "must" : "may (or lay it on the layout with 'pass')";
  if (f.by_sum) {
    o << "  Values: " << join(valued) << ".\n";
    if (!same.empty()) o << "  " << join(same) << " capture only a card of the same rank.\n";
    o << "  A turn: play any card from the hand. ";
    if (f.rank_first) o << "If the layout holds a card of its rank, it " << must << " capture one such card, alone. Otherwise, i";
    else o << "I";
    o << "f some layout cards have values that add up to "
      << (f.sum_to_own_value ? std::string("its value") : std::to_string(f.pair_sum) + " minus its value") << " ("
      << (f.max_targets >= kMaxCards ? std::string("one card or several") : "at most " + std::to_string(f.max_targets) + " cards")
      << "), it " << must << " capture them; with several such sets the player chooses one, naming its cards one at a "
      << "time with 'take <card>' until only one set is left. A card that captures nothing joins the layout.\n";
    if (f.all_sets)
      o << "  A card takes every set it can at once, as many cards as it can; where sets overlap, the player "
        << "names the cards of the capture he wants.\n";
    if (f.builds)
      o << "  Builds: instead of capturing, a card from the hand may be laid onto layout cards as a build of a value "
        << "up to " << f.build_max << " ('build <value>', then 'build <card>' while several builds of that value are "
        << "possible), when its player keeps a card of that value to capture it; a build takes in every other set "
        << "and build of its value it can. A build is captured only whole, by a card of its value. "
        << (f.build_increase ? "A build of one set may be raised to a higher value by another card, which then owns it. "
                             : "A build is never raised. ")
        << "While a player owns a build he may not lay a card on the layout, nor play the last card that captures "
        << "one of his builds without taking it.\n";
  } else {
    if (!valued.empty())
      o << "  Values: " << join(valued) << ". Two such cards pair when they make " << f.pair_sum << ".\n";
    if (!same.empty()) o << "  " << join(same) << " pair only with a card of the same rank.\n";
    o << "  A turn: play any card from the hand; if it pairs with a layout card it " << must << " capture it ("
      << (f.max_targets == 1 ? "one card" : "up to " + std::to_string(f.max_targets) + " cards")
      << "; with more targets than that the player chooses: 'take <card>'); otherwise it joins the layout.\n";
  }
  if (f.flip)
    o << "  Then the top card of the stock is turned and captures, or joins the layout, the same way for the same player.\n";
  if (f.refill)
    o << "  When every hand is empty, each player gets " << r.hand_size << " more cards from the stock, while it lasts.\n";
  if (f.sweeps)
    o << "  A capture that empties the layout is a sweep, worth " << f.sweep_points << " point(s)"
      << (f.sweep_on_last_play ? "" : ", except on the last play of the deal") << ".\n";
  if (f.leftover == FishingLeftover::LastCapturer)
    o << "  At the end of the deal the last player who captured takes the cards left on the layout (not a sweep).\n";
}

}  // namespace

std::string describe_fishing(const Ruleset& r) {
  const FishingRules& f = r.fishing;
  std::ostringstream o;
  describe_title_and_options(o, r);
  o << "\nPlayers\n  " << r.seats << " players (" << join(r.seat_names) << "), ";
  if (r.teams == r.seats) {
    o << "each for themselves";
  } else {  // partnerships: each side's captures are scored together
    std::vector<std::string> sides;
    for (int t = 0; t < r.teams; ++t) {
      std::vector<std::string> members;
      for (int s = 0; s < r.seats; ++s)
        if (r.team_of[size_t(s)] == t) members.push_back(r.seat_names[size_t(s)]);
      sides.push_back(r.team_names[size_t(t)] + " (" + join(members) + ")");
    }
    o << "in sides that score their captures together: " << join(sides);
  }
  o << ". Play goes " << (r.direction == Direction::Counterclockwise ? "counterclockwise" : "clockwise") << ".\n";

  o << "\nThe deal (a fishing game)\n  Each player gets " << r.hand_size
    << " cards, one at a time, starting after the dealer (" << by_players(f.hand_size_by_players) << ").\n  "
    << f.layout_size << " cards are laid face up: the layout (" << by_players(f.layout_size_by_players)
    << "). The other " << int(r.deck.cards.size()) - r.hand_size * r.seats - f.layout_size
    << " cards are the face-down stock.\n";
  if (f.layout_clears) o << "  Every deal played to its end leaves the layout empty (the ruleset promises it).\n";
  capture_text(r, o);

  o << "\nScoring (captured cards)\n";
  for (const auto& line : f.scoring) {
    o << "  " << line.name << ": " << cards_of(r, line.cards) << " - "
      << (line.face ? std::string("face value") : std::to_string(line.points) + " each");
    if (line.min_players > 0) o << ", with " << line.min_players << " or more players";
    if (!line.applies) o << " (not with " << r.seats << " players)";
    o << "\n";
  }
  int total = 0;
  for (Card c : r.deck.all) total += r.plain_points[c];
  o << "  Total in the deck: " << total << ". Later lines override earlier ones.\n";
  if (f.threshold > 0)
    o << "  Threshold flag: " << f.threshold << " or more card points in a deal (" << by_players(f.threshold_by_players)
      << ").\n";
  for (const auto& m : f.majorities) {
    o << "  " << m.name << ": " << m.points << " to the side with the most ";
    if (m.best_per_suit) {
      std::vector<std::string> values;
      for (size_t k = 0; k < r.deck.ranks.size(); ++k)
        for (Card c : m.cards)
          if (r.deck.cards[c].rank == int(k)) {
            values.push_back(r.deck.ranks[k] + "=" + std::to_string(m.best[c]));
            break;
          }
      o << "by its best card in each suit, summed (" << join(values)
        << "); a side lacking a suit cannot win it";
    } else if (m.cards == r.deck.all) {
      o << "cards";
    } else {
      o << "of " << cards_of(r, m.cards);
    }
    o << "; a tie scores nothing.\n";
  }
  if (!f.combinations.empty()) o << "\nCombinations (captured cards; of one group only the best counts)\n";
  for (const auto& c : f.combinations) {
    o << "  " << c.name << ": " << c.points << " for " << c.min << " of " << cards_of(r, c.cards);
    if (!c.required.empty()) o << ", with " << cards_of(r, c.required);
    if (c.per_extra != 0) o << "; " << c.per_extra << " more for each beyond " << c.min;
    if (c.group >= 0) o << " (group " << f.combination_groups[size_t(c.group)] << ")";
    o << ".\n";
  }
  if (f.stock_unused > 0) o << "  " << f.stock_unused << " stock cards are never turned.\n";

  const NextDealerRules& nd = r.next_dealer;
  o << "\nNext dealer\n";
  if (nd.dealer_team_won == nd.dealer_team_lost && nd.draw == nd.dealer_team_won)
    o << "  After every deal: " << dealer_rule_text(nd.draw) << ".\n";
  else
    o << "  If the dealer won: " << dealer_rule_text(nd.dealer_team_won) << ".\n  If not: "
      << dealer_rule_text(nd.dealer_team_lost) << ".\n  After a draw: " << dealer_rule_text(nd.draw) << ".\n";
  o << "\nMatch\n  ";
  if (r.match.deals > 0) o << r.match.deals << (r.match.deals == 1 ? " deal" : " deals");
  if (r.match.deals > 0 && r.match.target > 0) o << ", or until ";
  if (r.match.deals == 0 && r.match.target > 0) o << "Until ";
  if (r.match.target > 0) o << "a player's total reaches " << r.match.target << " (checked after each deal)";
  o << "; the highest total wins; the first dealer is "
    << (r.match.first_dealer < 0 ? std::string("drawn at random") : r.seat_names[size_t(r.match.first_dealer)])
    << ".\n";
  describe_hooks(o, r);
  return o.str();
}

}  // namespace hukum
