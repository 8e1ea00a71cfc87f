// The bots' reward of a finished deal: penalty games (the lowest total wins
// the match) turn points and game points round, so fewer is better.
#include <catch2/catch.hpp>

#include "session/bots/deal_value.h"
#include "session/matches/match.h"

#include <fstream>
#include <regex>
#include <sstream>
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

// Four seats playing alone, no deal winner, seat 0 with the fewest points.
DealResult spread_result() {
  DealResult r;
  r.winner_team = -1;
  r.points = {1, 5, 8, 12};
  r.tricks = {3, 3, 3, 4};
  r.game_points = {1, 5, 8, 12};
  return r;
}

}  // namespace

TEST_CASE("in a game where the lowest total wins, fewer points are worth more to a bot", "[unit][bots]") {
  Ruleset hearts = test::load_bundled("rulesets/hearts/hearts.yaml");
  REQUIRE(hearts.match.lowest_wins);
  const DealResult r = spread_result();
  CHECK(deal_reward(hearts, r, 0, 2) > deal_reward(hearts, r, 1, 2));
  CHECK(deal_reward(hearts, r, 1, 2) > deal_reward(hearts, r, 3, 2));
}

TEST_CASE("in a game where the highest total wins, more points are worth more to a bot", "[unit][bots]") {
  Ruleset oh_hell = test::load_bundled("rulesets/oh-hell/oh-hell.yaml");
  REQUIRE_FALSE(oh_hell.match.lowest_wins);
  const DealResult r = spread_result();
  CHECK(deal_reward(oh_hell, r, 3, 2) > deal_reward(oh_hell, r, 0, 2));
}

TEST_CASE("the margin's scale tells a big loss from a small one where game points run high", "[unit][bots]") {
  Ruleset bridge = test::load_bundled("rulesets/bridge/bridge.yaml");
  DealResult small_loss, big_loss;
  small_loss.winner_team = big_loss.winner_team = 1;
  small_loss.points = big_loss.points = {0, 0};
  small_loss.game_points = {0, 50};
  big_loss.game_points = {0, 800};
  // At a scale of 2 both losses squash to the same reward; at the scale of
  // hundreds the big loss is clearly worse.
  CHECK(deal_reward(bridge, small_loss, 0, 2) - deal_reward(bridge, big_loss, 0, 2) < 1e-9);
  CHECK(deal_reward(bridge, small_loss, 0, 300) - deal_reward(bridge, big_loss, 0, 300) > 0.1);
}

TEST_CASE("a ruleset's margin scale is measured from its own deals, the same each time", "[unit][bots]") {
  auto scale_of = [](const char* file) {
    const Ruleset rules = test::load_bundled(file);
    Match match(rules, 1, 1);
    REQUIRE(match.ok());
    return margin_scale(rules, match.state().hook_runner());
  };
  const double mendikot = scale_of("rulesets/mendikot/mendikot.yaml");
  const double bridge = scale_of("rulesets/bridge/bridge.yaml");
  const double tarot = scale_of("rulesets/french-tarot/french-tarot.yaml");  // Lua scoring
  CHECK(mendikot >= 1.0);
  CHECK(mendikot < 10.0);
  CHECK(bridge > 50 * mendikot);
  CHECK(tarot > 10.0);
  CHECK(scale_of("rulesets/bridge/bridge.yaml") == bridge);
  // Measured afresh (another ruleset object and match, no cache), the same figure.
  const Ruleset again = test::load_bundled("rulesets/mendikot/mendikot.yaml");
  Match match(again, 99, 1);
  CHECK(measure_margin_scale(again, match.state().hook_runner()) == mendikot);
}

TEST_CASE("docs/bots.md prints each bundled ruleset's margin scale as measured", "[unit][bots][docs]") {
  std::ifstream in(test::repo_path("docs/bots.md"));
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const size_t at = doc.find("| Game | Scale |");
  REQUIRE(at != std::string::npos);
  const std::string table = doc.substr(at, doc.find("\n\n", at) - at);
  // Cells "| mendikot | 1 |": a game's folder and its scale to three significant figures.
  const std::regex cell(R"(\| ([a-z-]+) \| ([0-9.]+) )");
  int checked = 0;
  for (auto it = std::sregex_iterator(table.begin(), table.end(), cell); it != std::sregex_iterator(); ++it) {
    const std::string game = (*it)[1], printed = (*it)[2];
    if (game == "game" || printed.empty()) continue;
    const Ruleset rules = test::load_bundled("rulesets/" + game + "/" + game + ".yaml");
    Match match(rules, 1, 1);
    const double scale = measure_margin_scale(rules, match.state().hook_runner());
    char shown[32];
    std::snprintf(shown, sizeof shown, "%.3g", scale);
    INFO(game << ": measured " << scale);
    CHECK(printed == shown);
    ++checked;
  }
  CHECK(checked == 17);
}
