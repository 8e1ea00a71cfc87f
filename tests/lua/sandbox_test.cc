// The Lua sandbox: which libraries hooks get, where require may load from, and
// the instruction and memory limits that stop a runaway hook.
#include <catch2/catch.hpp>

#include "lua_test_support.h"
#include "script/lua_host.h"

namespace hukum {
namespace {

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

const std::string kProbe = HUKUM_TEST_DIR "/lua/fixtures/probe.lua";

// A host with probe.lua loaded and `function` bound to cannot_follow.
std::unique_ptr<LuaHost> probe_host(const std::string& function, LuaLimits limits = {}) {
  Ruleset r = test::lua_test_ruleset();
  r.lua_scripts = {kProbe};
  r.hooks[size_t(HookPoint::CannotFollow)] = {function, "", false, HookWhen::Always};
  auto host = std::make_unique<LuaHost>(limits);
  Diagnostics diags;
  REQUIRE(host->load(r, diags));
  REQUIRE(diags.empty());
  return host;
}

}  // namespace

TEST_CASE("hooks get only the safe libraries", "[lua]") {
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(test::lua_test_ruleset(), diags));

  for (const char* absent : {"io", "os", "debug", "package", "coroutine", "dofile", "loadfile",
                             "load", "print", "loadstring"}) {
    CAPTURE(absent);
    CHECK(host.run(std::string("assert(") + absent + " == nil)", "absent") == "");
  }
  CHECK(host.run("assert(math.random == nil and math.randomseed == nil)", "random") == "");
  CHECK(host.run("assert(string.dump == nil)", "dump") == "");
  CHECK(host.run("assert(string.format('%d', 3) == '3' and table.concat({1, 2}) == '12'"
                 " and math.floor(2.5) == 2 and utf8.char(65) == 'A')",
                 "present") == "");
  CHECK_THAT(host.run("return load('return 1')", "load"),
             Contains("attempt to call a nil value (global 'load')"));
  CHECK_THAT(host.run("dofile('/etc/passwd')", "dofile"),
             Contains("attempt to call a nil value (global 'dofile')"));
}

TEST_CASE("require loads only text modules of the ruleset's folders", "[lua]") {
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(test::lua_test_ruleset(), diags));

  CHECK(host.run("assert(require('helper').answer == 42)", "ruleset folder") == "");
  CHECK(host.run("assert(type(require('hidden_trump').reveal) == 'function')", "library") == "");
  CHECK(host.run("assert(require('helper') == require('helper'))", "cached") == "");
  CHECK_THAT(host.run("require('../x')", "traversal"),
             Contains("bad argument #1 to 'require' (module name of [a-z0-9_] expected, got '../x')"));
  CHECK_THAT(host.run("require('Helper')", "case"), Contains("got 'Helper'"));
  CHECK_THAT(host.run("require('nowhere')", "missing"),
             Contains("module 'nowhere' not found in the ruleset folder or the shared library"));
}

TEST_CASE("finalizers are refused, since Lua runs them without the instruction limit", "[lua]") {
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(test::lua_test_ruleset(), diags));
  CHECK_THAT(host.run("setmetatable({}, {__gc = function() end})", "gc"),
             Contains("bad argument #2 to 'setmetatable' ('__gc' is not allowed in hooks)"));
  CHECK(host.run("assert(getmetatable(setmetatable({}, {__index = {}})))", "plain") == "");
}

TEST_CASE("the instruction limit stops an endless hook and names it", "[lua]") {
  auto host = probe_host("spin");
  Ruleset r = test::lua_test_ruleset();
  test::FakeContext ctx(r);
  std::string error = host->call_hook(HookPoint::CannotFollow, ctx, 1);
  CHECK_THAT(error, StartsWith("hook 'cannot_follow' (spin) failed: "));
  CHECK_THAT(error, Contains("probe.lua:10: instruction limit exceeded (1000000 instructions per call)"));
  CHECK_THAT(error, Contains("stack traceback:"));
  // The budget is per call: the next call gets a fresh one.
  CHECK_THAT(host->call_hook(HookPoint::CannotFollow, ctx, 1), Contains("instruction limit"));
}

TEST_CASE("the instruction budget is configurable", "[lua]") {
  auto host = probe_host("spin", LuaLimits{5000, size_t(32) << 20});
  Ruleset r = test::lua_test_ruleset();
  test::FakeContext ctx(r);
  CHECK_THAT(host->call_hook(HookPoint::CannotFollow, ctx, 1),
             Contains("instruction limit exceeded (5000 instructions per call)"));
}

TEST_CASE("a script whose top level never ends is a load diagnostic", "[lua]") {
  Ruleset r = test::lua_test_ruleset();
  r.lua_scripts = {HUKUM_TEST_DIR "/lua/fixtures/load_spin.lua"};
  LuaHost host;
  Diagnostics diags;
  CHECK_FALSE(host.load(r, diags));
  REQUIRE(diags.size() == 1);
  CHECK_THAT(diags.list()[0].pos.file, Contains("load_spin.lua"));
  CHECK(diags.list()[0].pos.line == 3);
  CHECK_THAT(diags.list()[0].message, StartsWith("instruction limit exceeded"));
}

TEST_CASE("the memory cap stops a memory bomb and the state stays usable", "[lua]") {
  auto host = probe_host("bomb");
  Ruleset r = test::lua_test_ruleset();
  test::FakeContext ctx(r);
  std::string error = host->call_hook(HookPoint::CannotFollow, ctx, 0);
  CHECK_THAT(error, StartsWith("hook 'cannot_follow' (bomb) failed: not enough memory"));
  CHECK_THAT(error, Contains("not enough memory (memory limit of 32 MiB)"));
  CHECK(host->memory_used() < size_t(1) << 20);  // the garbage was collected
  CHECK(host->run("local t = {} for i = 1, 1000 do t[i] = i end", "after") == "");
}

TEST_CASE("a smaller memory cap is honoured", "[lua]") {
  LuaHost host(LuaLimits{1'000'000, size_t(1) << 20});
  Diagnostics diags;
  REQUIRE(host.load(test::lua_test_ruleset(), diags));
  CHECK_THAT(host.run("local s = string.rep('x', 2 * 1024 * 1024)", "rep"),
             Contains("not enough memory"));
}

}  // namespace hukum
