// The web table's API logic in C++ (serve/tables.h, serve/table.h), without
// HTTP: tables made from a library game or uploaded text, moves and their
// refusals, a seat's view holding only what the seat may see, the rules text
// and the running points. tests/serve/ drives the same through HTTP and a browser.
#include <catch2/catch.hpp>

#include "serve/tables.h"
#include "support/test_rulesets.h"

namespace hukum::serve {

namespace {

ServeConfig library_config() {
  ServeConfig config;
  config.search_path = {test::repo_path("rulesets")};
  for (const char* game : {"twenty-eight", "hearts"})
    config.library.push_back({game, test::repo_path(std::string("rulesets/") + game + "/" + game + ".yaml")});
  config.rules_docs_dir = test::repo_path("docs/rules");
  return config;
}

// Every seat's cards of other hands in a view: none, unless laid open to all.
void check_hidden(const nlohmann::ordered_json& view) {
  const auto& o = view["observation"];
  for (const auto& z : o["zones"])
    if (z["zone"] == "hand" && z["seat"] != view["seat"])
      for (const auto& card : z["cards"])
        REQUIRE(std::find(o["revealed"].begin(), o["revealed"].end(), card) != o["revealed"].end());
}

}  // namespace

TEST_CASE("a table of people plays a deal through the table's API", "[unit][serve]") {
  Tables tables(library_config());
  const Reply made = tables.create({{"ruleset", "twenty-eight"}, {"seats", {"person", "person", "person", "person"}},
                                    {"seed", 5u}});
  INFO(made.body.dump());
  REQUIRE(made.status == 200);
  std::shared_ptr<Table> table = tables.find(made.body["table"].get<std::string>());
  REQUIRE(table);
  REQUIRE(table->rules_doc().find("## ") != std::string::npos);  // docs/rules/twenty-eight.md
  REQUIRE(table->seat_of("not a secret") == -1);
  int moves = 0, refusals_checked = 0, most_points = 0;
  for (int guard = 0; guard < 2000; ++guard) {
    std::lock_guard<std::mutex> lock(table->mutex());
    const nlohmann::ordered_json probe = table->view(0);
    if (probe["status"] != "playing") break;
    for (int seat = 0; seat < table->seats(); ++seat) {
      const nlohmann::ordered_json v = table->view(seat);
      check_hidden(v);
      if (v["points"].is_object()) {
        int sum = 0;
        for (const auto& [team, p] : v["points"].items()) sum += p.get<int>();
        REQUIRE(sum >= 0);
        most_points = std::max(most_points, sum);
      }
      if (!v["your_turn"].get<bool>()) continue;
      const auto& legal = v["observation"]["legal"];
      REQUIRE(!legal.empty());
      if (refusals_checked == 0) {
        const uint64_t before = table->version();
        CHECK(table->act(seat, "xyzzy").status == 400);  // not an action of the game
        const int other = (seat + 1) % table->seats();
        CHECK(table->act(other, legal[0].get<std::string>()).status == 409);  // out of turn
        CHECK(table->version() == before);  // refusals change nothing
        ++refusals_checked;
      }
      const MoveResult r = table->act(seat, legal[0].get<std::string>());
      REQUIRE(r.status == 200);
      ++moves;
      break;
    }
  }
  CHECK(moves > 20);
  CHECK(refusals_checked == 1);
  CHECK(most_points > 0);  // Twenty-eight's cards carry points, counted as the tricks are won
  std::lock_guard<std::mutex> lock(table->mutex());
  const nlohmann::ordered_json end = table->view(0);
  CHECK(end["status"] != "playing");
  CHECK(end["result"].is_object());
}

TEST_CASE("a pasted ruleset has no rules text; bad requests get their status", "[unit][serve]") {
  Tables tables(library_config());
  const Reply pasted = tables.create({{"text", "extends: hearts\nname: Hearts, pasted\n"}, {"seed", 2u}});
  REQUIRE(pasted.status == 200);
  std::shared_ptr<Table> table = tables.find(pasted.body["table"].get<std::string>());
  REQUIRE(table);
  CHECK(table->rules_doc().empty());
  CHECK(tables.create({{"ruleset", "no-such-game"}}).status == 404);
  CHECK(tables.create({{"ruleset", "hearts"}, {"text", "x"}}).status == 400);
  CHECK(tables.create({{"ruleset", "hearts"}, {"seats", {"random", "random", "random", "random"}}}).status == 400);
  CHECK(tables.create({{"text", "name: [unclosed"}}).status == 422);
}

}  // namespace hukum::serve
