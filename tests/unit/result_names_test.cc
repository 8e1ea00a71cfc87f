// The result names a ruleset can give (ruleset/result_names.h): the strings
// written in its Lua are read as Lua reads them, so a name a hook writes is
// known to merge and report exactly.
#include <catch2/catch.hpp>

#include <algorithm>

#include "ruleset/result_names.h"
#include "support/test_rulesets.h"

using namespace hukum;

using Names = std::vector<std::string>;

TEST_CASE("string literals of a Lua chunk are decoded as Lua decodes them", "[unit][result_names]") {
  CHECK(lua_string_literals(R"(game.set_result(t, "march"); x = 'point')") == Names{"march", "point"});
  CHECK(lua_string_literals(R"(a = "tab\tand \"quote\" \65\x42\u{43}\z
        end")") == Names{"tab\tand \"quote\" ABCend"});
  CHECK(lua_string_literals("a = [[long\nstring]] b = [==[with ]] inside]==]") ==
        Names{"long\nstring", "with ]] inside"});
  CHECK(lua_string_literals("a = [[\nfirst newline dropped]]") == Names{"first newline dropped"});
  CHECK(lua_string_literals("t[ [=[k]=] ] = 1") == Names{"k"});
}

TEST_CASE("comments hold no names, and a chunk that does not lex stops the scan", "[unit][result_names]") {
  CHECK(lua_string_literals("-- \"not\" a name\nx = 'yes' --[[ 'nor' ]] --[==[ \"this\" ]==] y = 'too'") ==
        Names{"yes", "too"});
  CHECK(lua_string_literals("x = 'open\n y = 'z'").empty());
  CHECK(lua_string_literals("x = 'ok' y = [[never closed").size() == 1);
  CHECK(lua_string_literals("x = 'bad \\q escape'").empty());
  CHECK(lua_string_literals("x = 1 - -2 - 3").empty());
}

TEST_CASE("a ruleset's result names: its result rules, and with hooks its Lua strings", "[unit][result_names]") {
  const Ruleset plain = test::load_bundled("rulesets/mendikot/mendikot.yaml");
  const Names& m = plain.result_names;
  CHECK(std::is_sorted(m.begin(), m.end()));
  for (const char* name : {"normal", "draw", "mendikot", "whitewash"})
    CHECK(std::binary_search(m.begin(), m.end(), std::string(name)));
  CHECK(!std::binary_search(m.begin(), m.end(), std::string("march")));
  const Ruleset hooked = test::load_bundled("rulesets/euchre/euchre.yaml");
  const Names& e = hooked.result_names;
  for (const char* name : {"euchred", "march", "alone_march", "point", "alone_point"})
    CHECK(std::binary_search(e.begin(), e.end(), std::string(name)));
  CHECK(!std::binary_search(e.begin(), e.end(), std::string("nowhere")));
}
