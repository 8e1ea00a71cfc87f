// cards.attribute and cards.with read deck.attributes (Koi-Koi's kinds and
// ribbon colours) the way docs/lua-api.md section 3 says, at load time too; an
// unknown attribute is an error that names the ones there are.
#include <catch2/catch.hpp>

#include "script/lua_host.h"
#include "support/test_rulesets.h"

namespace hukum {

TEST_CASE("cards.attribute and cards.with read the deck's attributes", "[lua][attributes]") {
  const Ruleset r = test::load_bundled("rulesets/koikoi/koikoi.yaml");
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  const std::string code = R"lua(
    assert(cards.attribute("11A", "kind") == "bright")
    assert(cards.attribute("9A", "kind") == "animal")
    assert(cards.attribute("6B", "ribbon") == "blue")
    assert(cards.attribute("6C", "ribbon") == nil)          -- chaff has no ribbon colour
    local brights = cards.with("kind", "bright")
    assert(#brights == 5 and brights[1] == "1A" and brights[5] == "12A")
    assert(#cards.with("kind", "dragon") == 0)
    local ok, err = pcall(cards.attribute, "1A", "colour")
    assert(not ok and err:find("unknown attribute 'colour' %(deck.attributes: kind, ribbon%)"), err)
    ok, err = pcall(cards.attribute, "1Z", "kind")
    assert(not ok)
  )lua";
  CHECK(host.run(code, "=attributes") == "");
}

}  // namespace hukum
