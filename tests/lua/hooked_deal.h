// Shared by the [lua] tests that play on a ruleset with hooks: the ruleset
// loaded with its Lua, and a deal started (dealer seat 0) from a seed.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <memory>

#include "engine/state.h"
#include "script/lua_host.h"
#include "support/test_rulesets.h"

namespace hukum::test {

// A ruleset with hooks, its Lua and a game state, no deal started yet.
struct HookedTable {
  Ruleset rules;
  LuaHost host;
  std::unique_ptr<GameState> game;
  explicit HookedTable(const char* file, const std::map<std::string, std::string>& options = {})
      : rules(load_bundled(file, options)) {
    Diagnostics diags;
    REQUIRE(host.load(rules, diags));
    game = std::make_unique<GameState>(rules, &host);
  }
};

struct HookedDeal {
  Ruleset rules;
  LuaHost host;
  std::unique_ptr<GameState> game;
  HookedDeal(const char* file, uint64_t seed) : rules(load_bundled(file)) {
    Diagnostics diags;
    REQUIRE(host.load(rules, diags));
    game = std::make_unique<GameState>(rules, &host);
    Rng rng{seed};
    REQUIRE(game->start_deal(0, 0, rng) == "");
  }
};

}  // namespace hukum::test
