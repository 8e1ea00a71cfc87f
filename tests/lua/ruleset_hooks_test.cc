// The bundled rulesets' hooks load in the sandbox: libraries found, every bound
// function resolved, for each option that binds hooks.
#include <catch2/catch.hpp>

#include "lua_test_support.h"
#include "ruleset/loader.h"
#include "script/lua_host.h"

namespace hukum {

namespace {

// Loads a bundled ruleset with options and its hooks into `host`; both must succeed.
Ruleset load_with_hooks(const char* relative, const std::map<std::string, std::string>& options, LuaHost& host) {
  LoadRequest request;
  request.path = std::string(HUKUM_SOURCE_DIR "/") + relative;
  request.options = options;
  LoadResult loaded = load_ruleset(request);
  INFO(loaded.diagnostics.to_string());
  REQUIRE(loaded.ok());
  Diagnostics diags;
  CHECK(host.load(*loaded.ruleset, diags));
  INFO(diags.to_string());
  CHECK(diags.empty());
  return std::move(*loaded.ruleset);
}

}  // namespace

TEST_CASE("Mendikot's band hukum and Twenty-eight's call need no Lua: the reveal is the engine's effect", "[lua]") {
  auto variant = GENERATE(as<std::string>{}, "band_hukum_optional", "band_hukum_compulsory");
  CAPTURE(variant);
  LuaHost host;
  const Ruleset r = load_with_hooks("rulesets/mendikot/mendikot.yaml", {{"trump_method", variant}}, host);
  // The turn points offer 'reveal' as data, and the word is the engine's effect.
  CHECK_FALSE(host.has_hook(HookPoint::CannotFollow));
  CHECK(r.hooks[size_t(HookPoint::CannotFollow)].offer == "reveal");
  CHECK(r.hooks[size_t(HookPoint::CannotFollow)].exclusive == (variant == "band_hukum_compulsory"));
  CHECK_FALSE(host.has_action("reveal"));
  REQUIRE(r.action_effects.count("reveal") == 1);
  CHECK(r.action_effects.at("reveal").must_trump == (variant == "band_hukum_optional"));
  CHECK(r.lua_libraries.empty());

  LuaHost host28;
  const Ruleset r28 = load_with_hooks("rulesets/twenty-eight/twenty-eight.yaml", {}, host28);
  CHECK_FALSE(host28.has_action("call"));
  REQUIRE(r28.action_effects.count("call") == 1);
  CHECK(r28.action_effects.at("call").must_trump);
}

TEST_CASE("The hidden_trump library's reveal, as Twenty-nine binds it", "[lua]") {
  LuaHost host;
  const Ruleset r = load_with_hooks("rulesets/twenty-nine/twenty-nine.yaml", {}, host);
  CHECK(host.has_action("call"));
  // A void player calls for North's face-down card: trump is its suit and the
  // caller must play a trump (hook_params.revealer_must_trump).
  test::FakeContext ctx(r);
  ctx.hidden_[0] = CardSet::of(r.deck.parse_card("9H"));
  CHECK(host.call_action("call", ctx, 1) == "");
  CHECK(ctx.trump_ == r.deck.suit_index("H"));
  CHECK(ctx.required_trump_.size() == 1u);
}

TEST_CASE("Twenty-eight's Cot hooks load and resolve", "[lua]") {
  auto cot = GENERATE(as<std::string>{}, "false", "true");
  CAPTURE(cot);
  LuaHost host;
  const Ruleset r = load_with_hooks("rulesets/twenty-eight/twenty-eight.yaml", {{"cot", cot}}, host);
  CHECK(host.has_action("surrender") == (cot == "true"));
  CHECK(host.has_hook(HookPoint::TrickDone) == (cot == "true"));
}

}  // namespace hukum
