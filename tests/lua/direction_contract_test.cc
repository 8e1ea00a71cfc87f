// game.set_direction and game.set_contract: what a hook may decide before the
// play (or, for the direction, before any lead), refused at any other time.
#include <catch2/catch.hpp>

#include <memory>

#include "engine/state.h"
#include "script/lua_host.h"
#include "support/test_rulesets.h"

namespace hukum {

TEST_CASE("game.set_direction turns the play around before a lead only", "[lua]") {
  const Ruleset rules = test::load_bundled("tests/fixtures/hooks/events.yaml");
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(rules, diags));
  GameState g(rules, &host);
  Rng rng{4};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  const int step = g.direction_step();
  const char* other = step == 1 ? "game.set_direction('counterclockwise')" : "game.set_direction('clockwise')";
  REQUIRE(host.run(other, "t", &g) == "");
  CHECK(g.direction_step() == -step);
  CHECK(g.seat_after(1) == (1 - step + 4) % 4);
  CHECK_THAT(host.run("game.set_direction('sideways')", "t", &g),
             Catch::Contains("'clockwise' or 'counterclockwise' expected, got 'sideways'"));
  // Once a card is led, the direction stands until the trick is over.
  const int leader = g.to_move();
  REQUIRE(g.apply(g.legal().at(0)) == "");
  CHECK(g.to_move() == (leader - step + 4) % 4);
  CHECK_THAT(host.run(other, "t", &g),
             Catch::Contains("'set_direction' refused: the direction can only be set after a deal step or before a lead"));
}

TEST_CASE("game.set_contract names a bidder and a contract before the play", "[lua]") {
  const Ruleset rules = test::load_bundled("tests/fixtures/hooks/events.yaml");
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(rules, diags));
  GameState g(rules, &host);
  Rng rng{5};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  REQUIRE(host.run("game.set_contract(1, 7)", "t", &g) == "");
  CHECK(g.bidder() == 1);
  CHECK(g.contract() == 7);
  CHECK(host.run("assert(game.bidder() == 1 and game.contract() == 7)", "t", &g) == "");
  CHECK_THAT(host.run("game.set_contract(1, 20000)", "t", &g), Catch::Contains("contract expected in 0..10000"));
  CHECK_THAT(host.run("game.set_contract(9, 3)", "t", &g), Catch::Contains("seat expected in 0..3"));
  for (int k = 0; k < 4; ++k) REQUIRE(g.apply(g.legal().at(0)) == "");  // the first trick
  CHECK_THAT(host.run("game.set_contract(2, 3)", "t", &g),
             Catch::Contains("'set_contract' refused: the contract can only be set after a deal step or before the first lead"));
}

}  // namespace hukum
