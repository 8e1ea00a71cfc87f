// The Lua examples of docs/lua-api.md section 6 do what the text says: the
// code is read from the document itself, so the two cannot drift apart.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "lua_test_support.h"
#include "script/lua_host.h"

namespace hukum {

namespace {

// The `n`-th ```lua block (from 0) after the heading `heading` of docs/lua-api.md.
std::string doc_lua_block(const std::string& heading, int n) {
  std::ifstream in(HUKUM_SOURCE_DIR "/docs/lua-api.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  size_t at = doc.find(heading);
  REQUIRE(at != std::string::npos);
  for (int i = 0;; ++i) {
    at = doc.find("```lua\n", at);
    REQUIRE(at != std::string::npos);
    at += 7;
    size_t end = doc.find("```", at);
    REQUIRE(end != std::string::npos);
    if (i == n) return doc.substr(at, end - at);
    at = end + 3;
  }
}

}  // namespace

TEST_CASE("lua-api.md section 6: the every-trick bonus pays a side that took every trick, only", "[lua]") {
  Ruleset r = test::lua_test_ruleset();
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  const std::string example = doc_lua_block("## 6. Examples", 0);
  REQUIRE(host.run(example, "example.lua") == "");
  test::FakeContext ctx(r);
  ctx.tricks_played_ = 13;

  ctx.tricks_won_ = {0, 13};  // EW took every trick
  CHECK(host.run("every_trick_bonus()", "call.lua", &ctx) == "");
  CHECK(ctx.scores_ == std::vector<std::pair<int, int>>{{1, 2}});

  ctx.scores_.clear();
  ctx.tricks_won_ = {12, 1};  // NS won the last trick, maybe, but not every trick: nothing
  CHECK(host.run("every_trick_bonus()", "call.lua", &ctx) == "");
  CHECK(ctx.scores_.empty());
}

TEST_CASE("lua-api.md, Secret sides: the example is the fixture the secret-sides tests play", "[lua]") {
  // tests/unit/secret_sides_test.cc plays tests/fixtures/sides/secret_called_card.yaml.
  std::ifstream in(HUKUM_SOURCE_DIR "/tests/fixtures/sides/secret_called_card.lua");
  std::stringstream text;
  text << in.rdbuf();
  const std::string fixture = text.str();
  const std::string example = doc_lua_block("### Secret sides", 0);
  REQUIRE(example.size() > 100);
  CHECK(fixture.size() >= example.size());
  CHECK(fixture.compare(fixture.size() - example.size(), example.size(), example) == 0);  // the file is its header and the example
}

}  // namespace hukum
