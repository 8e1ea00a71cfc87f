// Shared by the [lua] tests that play on a ruleset with hooks: the ruleset
// loaded with its Lua, and a deal started (dealer seat 0) from a seed.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>

#include "engine/state.h"
#include "script/lua_host.h"
#include "support/test_rulesets.h"

namespace hukum::test {

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
