// The bots' reward of a finished deal: penalty games (the lowest total wins
// the match) turn points and game points round, so fewer is better.
#include <catch2/catch.hpp>

#include "session/bots/deal_value.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

// Four seats playing alone, no deal winner, seat 0 with the fewest points.
DealResult spread_result() {
  DealResult r;
  r.winner_team = -1;
  r.points = {1, 5, 8, 12};
  r.tricks = {3, 3, 3, 4};
  r.game_points = {1, 5, 8, 12};
  return r;
}

}  // namespace

TEST_CASE("in a game where the lowest total wins, fewer points are worth more to a bot", "[unit][bots]") {
  Ruleset hearts = test::load_bundled("rulesets/hearts/hearts.yaml");
  REQUIRE(hearts.match.lowest_wins);
  const DealResult r = spread_result();
  CHECK(deal_reward(hearts, r, 0) > deal_reward(hearts, r, 1));
  CHECK(deal_reward(hearts, r, 1) > deal_reward(hearts, r, 3));
}

TEST_CASE("in a game where the highest total wins, more points are worth more to a bot", "[unit][bots]") {
  Ruleset oh_hell = test::load_bundled("rulesets/oh-hell/oh-hell.yaml");
  REQUIRE_FALSE(oh_hell.match.lowest_wins);
  const DealResult r = spread_result();
  CHECK(deal_reward(oh_hell, r, 3) > deal_reward(oh_hell, r, 0));
}
