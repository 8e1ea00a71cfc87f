// game.vars left pending in Lua between hooks (engine/hook_vars.h): whatever
// order games, copies and hooks come in, each game sees exactly its own vars.
#include <catch2/catch.hpp>

#include <memory>
#include <utility>

#include "engine/hook_vars.h"
#include "engine/state.h"
#include "script/lua_host.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// A keeper that records what HookVars tell it, for the moves and deaths of a
// pending slot without any Lua.
struct RecordingKeeper final : VarsKeeper {
  const HookVars* pending = nullptr;
  int materialized = 0;
  VarValue held = VarValue::of_integer(7);
  void materialize(const HookVars& slot) override {
    ++materialized;
    if (&slot == pending) pending = nullptr;
    slot.fill(held);
  }
  void forget(const HookVars& slot, const HookVars* moved_to) noexcept override {
    if (&slot == pending) pending = moved_to;
  }
};

std::string text_of(const GameState& g, const char* key) {
  const VarValue* v = g.vars().find(key);
  return v == nullptr ? "(none)" : var_text(*v);
}

struct Table {
  Ruleset rules = test::load_bundled("tests/fixtures/hooks/events.yaml");
  std::unique_ptr<LuaHost> host = std::make_unique<LuaHost>();
  std::unique_ptr<GameState> game;
  Table() {
    Diagnostics diags;
    REQUIRE(host->load(rules, diags));
    game = std::make_unique<GameState>(rules, host.get());
    Rng rng{4};
    REQUIRE(game->start_deal(0, 0, rng) == "");
  }
};

}  // namespace

TEST_CASE("HookVars: a pending slot tells its keeper when it moves or dies; a copy holds the value", "[lua]") {
  RecordingKeeper keeper;
  auto slot = std::make_unique<HookVars>();
  const uint64_t first = slot->set_pending(&keeper);
  keeper.pending = slot.get();
  CHECK(first != kEmptyVarsStamp);

  HookVars moved(std::move(*slot));
  CHECK(keeper.pending == &moved);
  CHECK(moved.stamp() == first);
  CHECK(moved.pending_with(&keeper));
  CHECK_FALSE(slot->pending_with(&keeper));

  HookVars copy(moved);  // reads the value from the keeper first
  CHECK(keeper.materialized == 1);
  CHECK(keeper.pending == nullptr);
  CHECK(var_text(copy.value()) == "7");
  CHECK(copy.stamp() == first);
  CHECK_FALSE(moved.pending_with(&keeper));

  moved.set_pending(&keeper);
  keeper.pending = &moved;
  {
    HookVars assigned;
    assigned = std::move(moved);
    CHECK(keeper.pending == &assigned);
  }  // destroyed while pending
  CHECK(keeper.pending == nullptr);

  HookVars reset_one;
  reset_one.set_pending(&keeper);
  keeper.pending = &reset_one;
  reset_one.reset();
  CHECK(keeper.pending == nullptr);
  CHECK(reset_one.stamp() == kEmptyVarsStamp);
  CHECK(var_text(reset_one.value()) == "{}");
}

TEST_CASE("Pending game.vars: copies, other games and a closed host each see their own vars", "[lua]") {
  Table t;
  GameState& g = *t.game;
  LuaHost& host = *t.host;

  // A copy made while the vars are pending gets them, and the two part ways.
  REQUIRE(host.run("game.vars.n = 1", "t", &g) == "");
  GameState copy = g;
  REQUIRE(host.run("game.vars.n = game.vars.n + 10", "t", &copy) == "");
  REQUIRE(host.run("game.vars.n = game.vars.n + 100", "t", &g) == "");
  CHECK(text_of(copy, "n") == "11");
  CHECK(text_of(g, "n") == "101");

  // Hooks of two games in turn on one Lua state, nothing read in between.
  GameState other(t.rules, &host);
  Rng rng{5};
  REQUIRE(other.start_deal(0, 0, rng) == "");
  for (int i = 0; i < 3; ++i) {
    REQUIRE(host.run("game.vars.n = (game.vars.n or 0) + 1", "t", &g) == "");
    REQUIRE(host.run("game.vars.m = (game.vars.m or 0) + 2", "t", &other) == "");
  }
  CHECK(text_of(g, "n") == "104");
  CHECK(text_of(g, "m") == "(none)");
  CHECK(text_of(other, "m") == "6");
  CHECK(text_of(other, "n") == "(none)");

  // A read-only hook on vars that were read back keeps their stamp.
  const uint64_t stamp = g.vars_stamp();
  REQUIRE(host.run("assert(game.vars.n == 104)", "t", &g) == "");
  CHECK(g.vars_stamp() == stamp);

  // The vars outlive the Lua state that held them.
  REQUIRE(host.run("game.vars.last = 'kept'", "t", &g) == "");
  t.host.reset();
  CHECK(text_of(g, "last") == "\"kept\"");
  CHECK(text_of(g, "n") == "104");
}

TEST_CASE("Pending game.vars: a hook that breaks them fails there; the game keeps only what can be kept", "[lua]") {
  Table t;
  GameState& g = *t.game;
  LuaHost& host = *t.host;
  REQUIRE(host.run("game.vars = {a = 1}", "t", &g) == "");  // pending from here on
  CHECK_THAT(host.run("game.vars.f = function() end", "t", &g), Catch::Contains("game.vars.f: a function cannot be kept"));
  CHECK(text_of(g, "f") == "(none)");

  REQUIRE(host.run("game.vars = {a = 1}", "t", &g) == "");
  CHECK_THAT(host.run("game.vars = {f = function() end}", "t", &g), Catch::Contains("game.vars.f: a function cannot be kept"));
  CHECK(text_of(g, "a") == "1");  // the replaced table was never kept

  REQUIRE(host.run("game.vars = {a = 1}", "t", &g) == "");
  CHECK(host.run("game.vars.a = 2; error('boom')", "t", &g) != "");
  CHECK(text_of(g, "a") == "2");  // what the failed hook left, readable: kept (the game stops anyway)
  // The next hook starts from the game's vars, not from a table the failure left behind.
  REQUIRE(host.run("game.vars.b = game.vars.a * 10", "t", &g) == "");
  CHECK(text_of(g, "b") == "20");
}

}  // namespace hukum
