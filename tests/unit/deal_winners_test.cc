// Who won a deal (session/matches/returns.h deal_winners), which the duplicate report
// counts per seat: the winning team's seats; where the deal names no winning
// team, the seats with the best return of the deal's game points; nobody in
// a draw; the lowest total best where the lowest total wins.
#include <catch2/catch.hpp>

#include "session/matches/returns.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

std::string three_seats(const char* winner) {
  return std::string(R"(name: Three
seats: 3
teams: {layout: none}
direction: clockwise
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J]}
rank_order: [A, K, Q, J]
card_points: {AH: 1}
deal_packets: [4]
deal: [deal]
play: {first_lead: dealer_next, obligations: [follow_suit], trump: {method: none}}
result: {compare: [points], default_name: normal}
next_dealer: {dealer_team_won: next, dealer_team_lost: next, draw: next}
match: {deals: 1, first_dealer: P1, winner: )") + winner + "}\n";
}

DealResult result_with(int winner_team, std::vector<int> game_points) {
  DealResult r;
  r.winner_team = winner_team;
  r.game_points = std::move(game_points);
  return r;
}

}  // namespace

TEST_CASE("deal winners: the winning team's seats", "[returns]") {
  const Ruleset r = test::load_text(three_seats("highest"));
  CHECK(deal_winners(r, result_with(1, {0, 5, 0})) == std::vector<bool>{false, true, false});
}

TEST_CASE("deal winners: no winning team, the best game points (a lost contract's defenders)", "[returns]") {
  const Ruleset r = test::load_text(three_seats("highest"));
  // The declarer (seat 0) lost: it scores -60, the two defenders nothing.
  CHECK(deal_winners(r, result_with(-1, {-60, 0, 0})) == std::vector<bool>{false, true, true});
}

TEST_CASE("deal winners: a draw is nobody's win", "[returns]") {
  const Ruleset r = test::load_text(three_seats("highest"));
  CHECK(deal_winners(r, result_with(-1, {3, 3, 3})) == std::vector<bool>{false, false, false});
}

TEST_CASE("deal winners: where the lowest total wins, the fewest points", "[returns]") {
  const Ruleset r = test::load_text(three_seats("lowest"));
  CHECK(deal_winners(r, result_with(-1, {13, 0, 13})) == std::vector<bool>{false, true, false});
}

}  // namespace hukum
