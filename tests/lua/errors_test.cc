// How Lua problems read: load diagnostics with file:line, hook failures named
// after the hook with Lua's own message and a traceback, luaL-style argument
// errors and refused effects.
#include <catch2/catch.hpp>

#include "lua_test_support.h"
#include "script/lua_host.h"

namespace hukum {

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;

TEST_CASE("a runtime error names the hook, the function, the file and the line", "[lua]") {
  Ruleset r = test::lua_test_ruleset();
  r.lua_scripts = {HUKUM_TEST_DIR "/lua/fixtures/probe.lua"};
  r.hooks[size_t(HookPoint::CannotFollow)] = {"index_nil", "", false, HookWhen::Always};
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  std::string error = host.call_hook(HookPoint::CannotFollow, ctx, 2);
  CHECK_THAT(error, StartsWith("hook 'cannot_follow' (index_nil) failed: "));
  CHECK_THAT(error, Contains("probe.lua:6: attempt to index a nil value (local 'x')\n"
                             "stack traceback:"));
  CHECK_THAT(error, Contains("in function 'index_nil'"));
}

TEST_CASE("a syntax error in a script is a diagnostic at its file and line", "[lua]") {
  Ruleset r = test::lua_test_ruleset();
  r.lua_scripts = {HUKUM_TEST_DIR "/lua/fixtures/syntax_error.lua"};
  LuaHost host;
  Diagnostics diags;
  CHECK_FALSE(host.load(r, diags));
  REQUIRE(diags.size() == 1);
  const Diagnostic& d = diags.list()[0];
  CHECK_THAT(d.pos.file, EndsWith("syntax_error.lua"));
  CHECK(d.pos.line == 3);
  CHECK(d.message == "unexpected symbol near '='");
  CHECK_THAT(format_diagnostic(d), EndsWith("syntax_error.lua:3: error: unexpected symbol near '='"));
}

TEST_CASE("a missing script is a diagnostic naming it", "[lua]") {
  Ruleset r = test::lua_test_ruleset();
  r.lua_scripts = {"/nonexistent/hooks.lua"};
  LuaHost host;
  Diagnostics diags;
  CHECK_FALSE(host.load(r, diags));
  REQUIRE(diags.size() == 1);
  CHECK(diags.list()[0].key_path == "hooks.scripts");
  CHECK(diags.list()[0].message == "cannot read Lua script '/nonexistent/hooks.lua': cannot open the file");
}

TEST_CASE("a missing library module is a diagnostic on hooks.libraries", "[lua]") {
  Ruleset r = test::lua_test_ruleset();
  r.lua_libraries = {"no_such_module"};
  LuaHost host;
  Diagnostics diags;
  CHECK_FALSE(host.load(r, diags));
  REQUIRE(diags.size() == 1);
  CHECK(diags.list()[0].pos.file == "lua_test.yaml");
  CHECK(diags.list()[0].key_path == "hooks.libraries");
  CHECK_THAT(diags.list()[0].message, Contains("module 'no_such_module' not found"));
}

TEST_CASE("an unresolved hook function is a diagnostic naming it", "[lua]") {
  Ruleset r = test::hidden_trump_ruleset({{"reveal", "optional"}});
  r.hooks[size_t(HookPoint::CannotFollow)].function = "hidden_trump.cannot_folow";
  r.action_hooks = {{"reveal", "nothing_here"}};
  LuaHost host;
  Diagnostics diags;
  CHECK_FALSE(host.load(r, diags));
  REQUIRE(diags.size() == 2);
  CHECK(diags.list()[0].key_path == "hooks.cannot_follow");
  CHECK(diags.list()[0].message ==
        "function 'hidden_trump.cannot_folow' is not defined"
        " (did you mean 'hidden_trump.cannot_follow'?)");
  CHECK(diags.list()[1].key_path == "hooks.actions.reveal");
  CHECK_THAT(diags.list()[1].message, StartsWith("function 'nothing_here' is not defined"));
}

TEST_CASE("a name bound to something other than a function does not resolve", "[lua]") {
  Ruleset r = test::hidden_trump_ruleset({});
  r.hooks[size_t(HookPoint::CannotFollow)].function = "cards";  // a table
  r.hooks[size_t(HookPoint::CannotPlay)].function = "hidden_trump.cannot_play.x";
  LuaHost host;
  Diagnostics diags;
  CHECK_FALSE(host.load(r, diags));
  CHECK(diags.size() == 2);
}

TEST_CASE("bad arguments read like the standard library's", "[lua]") {
  Ruleset r = test::hidden_trump_ruleset({});
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  auto error_of = [&](const std::string& code) { return host.run(code, "args.lua", &ctx); };

  CHECK_THAT(error_of("game.set_trump('X')"),
             StartsWith("args.lua:1: bad argument #1 to 'set_trump' (suit letter expected, got 'X')"));
  CHECK_THAT(error_of("game.hand(7)"),
             StartsWith("args.lua:1: bad argument #1 to 'hand' (seat expected in 0..3, got 7)"));
  CHECK_THAT(error_of("game.hand()"),
             StartsWith("args.lua:1: bad argument #1 to 'hand' (number expected, got no value)"));
  CHECK_THAT(error_of("game.tricks_won(2)"),
             Contains("bad argument #1 to 'tricks_won' (team expected in 0..1, got 2)"));
  CHECK_THAT(error_of("cards.rank('ZZ')"),
             Contains("bad argument #1 to 'rank' (card expected, got 'ZZ')"));
  CHECK_THAT(error_of("game.option('colour')"),
             Contains("bad argument #1 to 'option' (unknown option 'colour')"));
  CHECK_THAT(error_of("game.offer('fly')"),
             Contains("bad argument #1 to 'offer' (no action hook for 'fly')"));
  CHECK_THAT(error_of("game.offer('reveal', 'yes')"),
             Contains("bad argument #2 to 'offer' (boolean expected, got string)"));
  CHECK_THAT(error_of("game.add_score(0, 1.5)"),
             Contains("bad argument #2 to 'add_score' (number has no integer representation)"));
}

TEST_CASE("an effect the engine refuses raises a Lua error with the reason", "[lua]") {
  Ruleset r = test::hidden_trump_ruleset({});
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  ctx.refuse_ = "trump is already set";
  CHECK_THAT(host.run("game.set_trump('H')", "refused.lua", &ctx),
             StartsWith("refused.lua:1: 'set_trump' refused: trump is already set"));
  CHECK_THAT(host.run("\ngame.add_score(1, 3)", "refused.lua", &ctx),
             StartsWith("refused.lua:2: 'add_score' refused: trump is already set"));
  CHECK(ctx.trump_ == -1);
}

TEST_CASE("a refused effect inside a hook fails the hook", "[lua]") {
  Ruleset r = test::lua_test_ruleset();
  r.lua_scripts = {HUKUM_TEST_DIR "/lua/fixtures/probe.lua"};
  r.hooks[size_t(HookPoint::DealScored)] = {"score_answer", "", false, HookWhen::Always};
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  test::FakeContext ctx(r);
  CHECK(host.call_hook(HookPoint::DealScored, ctx, 1) == "");
  REQUIRE(ctx.scores_.size() == 1);
  CHECK(ctx.scores_[0] == std::pair<int, int>{1, 42});
  ctx.refuse_ = "the deal is over";
  CHECK_THAT(host.call_hook(HookPoint::DealScored, ctx, 1),
             Contains("hook 'deal_scored' (score_answer) failed: ") &&
                 Contains("probe.lua:19: 'add_score' refused: the deal is over"));
}

TEST_CASE("game functions outside a hook raise an error", "[lua]") {
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(test::lua_test_ruleset(), diags));
  CHECK_THAT(host.run("game.trump()", "outside.lua"),
             Contains("no game in progress: 'game' functions work only inside a hook"));
  // Reading the ruleset needs no game.
  CHECK(host.run("assert(game.seats() == 4 and cards.suit('10H') == 'H')", "outside.lua") == "");
}

TEST_CASE("an unknown action word is an error, not a crash", "[lua]") {
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(test::lua_test_ruleset(), diags));
  Ruleset r = test::lua_test_ruleset();
  test::FakeContext ctx(r);
  CHECK(host.call_action("reveal", ctx, 0) == "action 'reveal' has no hook function");
  CHECK(host.call_hook(HookPoint::CannotFollow, ctx, 0) == "");  // nothing bound
}

}  // namespace hukum
