// The `game` and `cards` tables read the state through HookContext and convert
// cards, suits, seats and hook_params the way docs/lua-api.md says.
#include <catch2/catch.hpp>

#include "lua_test_support.h"
#include "script/lua_host.h"

namespace hukum {

TEST_CASE("game reads the state through the hook context", "[lua]") {
  Ruleset r = test::hidden_trump_ruleset(
      {{"reveal", "optional"}, {"revealer_must_trump", "true"}, {"limit", "12"}});
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  ctx.seat_to_play_ = 2;
  ctx.dealer_ = 1;
  ctx.hands_[2] = test::cards_of(r, {"AS", "10H", "2C"});
  ctx.hidden_[0] = test::cards_of(r, {"7D"});
  ctx.led_ = 1;
  ctx.trick_ = {{0, r.deck.parse_card("KH")}, {1, r.deck.parse_card("3H")}};
  ctx.tricks_played_ = 4;
  ctx.tricks_won_ = {3, 1};
  ctx.points_won_ = {2, 0};

  std::string code = R"(
    assert(game.seats() == 4)
    assert(game.seat_to_play() == 2 and game.dealer() == 1)
    assert(game.team(0) == 0 and game.team(3) == 1)
    local hand = game.hand(2)
    assert(#hand == 3 and hand[1] == "AS" and hand[2] == "10H" and hand[3] == "2C")
    assert(#game.hand(1) == 0)
    assert(game.hidden(0)[1] == "7D")
    assert(game.trump() == nil and game.led_suit() == "H")
    local trick = game.trick()
    assert(#trick == 2 and trick[1].seat == 0 and trick[1].card == "KH" and trick[2].card == "3H")
    assert(game.tricks_played() == 4 and game.tricks_won(0) == 3 and game.points_won(1) == 0)
    assert(game.option("trump_method") == "band_hukum_optional" and game.option("players") == "4")
    assert(game.param("reveal") == "optional")
    assert(game.param("revealer_must_trump") == true)
    assert(math.type(game.param("limit")) == "integer" and game.param("limit") == 12)
    assert(game.param("absent") == nil)
  )";
  CHECK(host.run(code, "reads.lua", &ctx) == "");
  ctx.seat_to_play_ = kNoSeat;
  ctx.trump_ = 3;
  CHECK(host.run("assert(game.seat_to_play() == nil and game.trump() == 'C')", "reads2.lua", &ctx) == "");
}

TEST_CASE("cards answer by the ruleset's deck", "[lua]") {
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(test::lua_test_ruleset(), diags));
  CHECK(host.run(R"(
    assert(cards.suit("10H") == "H" and cards.rank("10H") == "10")
    assert(cards.suit("AS") == "S" and cards.rank("2C") == "2")
    assert(cards.is_card("QD") and not cards.is_card("1H") and not cards.is_card(12))
  )", "cards.lua") == "");
}

TEST_CASE("game effects reach the hook context", "[lua]") {
  Ruleset r = test::hidden_trump_ruleset({});
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  ctx.hidden_[1] = test::cards_of(r, {"9S"});
  CHECK(host.run(R"(
    game.set_trump("D")
    local shown = game.reveal_hidden(1)
    assert(#shown == 1 and shown[1] == "9S")
    game.offer("reveal")
    game.offer("reveal", true)
    game.require_trump(3)
    game.add_score(0, -2)
  )", "effects.lua", &ctx) == "");
  CHECK(ctx.trump_ == 2);
  CHECK(ctx.hand(1).contains(r.deck.parse_card("9S")));
  CHECK(ctx.offers_ == std::vector<std::pair<std::string, bool>>{{"reveal", false}, {"reveal", true}});
  CHECK(ctx.required_trump_ == std::vector<int>{3});
  CHECK(ctx.scores_ == std::vector<std::pair<int, int>>{{0, -2}});
}

TEST_CASE("a hook call costs no Lua allocation", "[lua]") {
  Ruleset r = test::hidden_trump_ruleset({{"reveal", "optional"}});
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  ctx.trump_ = 0;  // with trump set the `when: trump_unset` check skips Lua entirely
  size_t before = host.memory_used();
  for (int i = 0; i < 1000; ++i) REQUIRE(host.call_hook(HookPoint::CannotFollow, ctx, 1) == "");
  CHECK(host.memory_used() == before);
}

}  // namespace hukum

namespace hukum {

TEST_CASE("a hook about no single seat receives nil", "[lua]") {
  Ruleset r = test::lua_test_ruleset();
  r.lua_scripts = {HUKUM_TEST_DIR "/lua/fixtures/probe.lua"};
  r.hooks[size_t(HookPoint::DealScored)] = {"seat_is_nil", "", false, HookWhen::Always};
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  CHECK(host.call_hook(HookPoint::DealScored, ctx, kNoSeat) == "");
}

}  // namespace hukum
