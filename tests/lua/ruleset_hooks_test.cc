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

TEST_CASE("Mendikot's band hukum options bind the hidden_trump library", "[lua]") {
  auto variant = GENERATE(as<std::string>{}, "band_hukum_optional", "band_hukum_compulsory");
  CAPTURE(variant);
  LuaHost host;
  const Ruleset r = load_with_hooks("rulesets/mendikot/mendikot.yaml", {{"trump_method", variant}}, host);
  // The turn points offer 'reveal' as data (no Lua function); the reveal is Lua.
  CHECK_FALSE(host.has_hook(HookPoint::CannotFollow));
  CHECK(r.hooks[size_t(HookPoint::CannotFollow)].offer == "reveal");
  CHECK(r.hooks[size_t(HookPoint::CannotFollow)].exclusive == (variant == "band_hukum_compulsory"));
  CHECK(host.has_action("reveal"));

  // East asks for North's face-down card.
  test::FakeContext ctx(r);
  ctx.hidden_[0] = CardSet::of(r.deck.parse_card("5S"));
  CHECK(host.call_action("reveal", ctx, 1) == "");
  CHECK(ctx.trump_ == r.deck.suit_index("S"));
  CHECK(ctx.required_trump_.size() == (variant == "band_hukum_optional" ? 1u : 0u));
}


TEST_CASE("Twenty-eight's call and Cot hooks load and resolve", "[lua]") {
  auto cot = GENERATE(as<std::string>{}, "false", "true");
  CAPTURE(cot);
  LuaHost host;
  const Ruleset r = load_with_hooks("rulesets/twenty-eight/twenty-eight.yaml", {{"cot", cot}}, host);
  CHECK(host.has_action("call"));
  CHECK(host.has_action("surrender") == (cot == "true"));
  CHECK(host.has_hook(HookPoint::TrickDone) == (cot == "true"));

  // A void player calls for North's face-down card: trump is its suit and the
  // caller must play a trump.
  test::FakeContext ctx(r);
  ctx.hidden_[0] = CardSet::of(r.deck.parse_card("9H"));
  CHECK(host.call_action("call", ctx, 1) == "");
  CHECK(ctx.trump_ == r.deck.suit_index("H"));
  CHECK(ctx.required_trump_.size() == 1u);
}

}  // namespace hukum
