// The format table's renderings: the JSON Schema editors read and the Markdown
// reference in docs/. The reference is checked in; this test keeps it in step
// with the table (HUKUM_REGEN_DOCS=1 rewrites it).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "ruleset/loader.h"

using namespace hukum;

TEST_CASE("json_schema is valid JSON describing every top-level key", "[loader]") {
  nlohmann::json schema = nlohmann::json::parse(json_schema());
  CHECK(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema");
  CHECK(schema["type"] == "object");
  CHECK(schema["additionalProperties"] == false);
  // House rules and option values supply only some keys: nothing is required
  // in the editor schema; the descriptions say which keys the merged file needs.
  CHECK_FALSE(schema.contains("required"));
  CHECK(schema["properties"]["deck"]["description"].get<std::string>().find("required once") != std::string::npos);
  for (const auto& field : ruleset_schema().fields) {
    INFO(field.name);
    REQUIRE(schema["properties"].contains(field.name));
    CHECK(!schema["properties"][field.name]["description"].get<std::string>().empty());
  }
  auto method = schema["properties"]["play"]["properties"]["trump"]["properties"]["method"];
  CHECK(method["enum"] == nlohmann::json::array({"none", "fixed", "random_card", "first_discard"}));
  CHECK(schema["$defs"]["overlay"]["properties"].contains("deal"));
  CHECK_FALSE(schema["$defs"]["overlay"]["properties"].contains("options"));
}

TEST_CASE("schema_markdown documents every key and matches docs/ruleset-reference.md", "[loader]") {
  std::string markdown = schema_markdown();
  for (const char* key : {"`name`", "`deck`", "`obligations`", "`set_aside`", "`first_dealer`",
                          "`dealer_team_lost_by`", "`hook_params`", "`retroactive_in_reveal_trick`"})
    CHECK(markdown.find(key) != std::string::npos);
  std::string path = std::string(HUKUM_SOURCE_DIR) + "/docs/ruleset-reference.md";
  if (std::getenv("HUKUM_REGEN_DOCS")) std::ofstream(path) << markdown;
  std::ifstream in(path);
  std::ostringstream written;
  written << in.rdbuf();
  CHECK(written.str() == markdown);
}
