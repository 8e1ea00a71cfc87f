// Scores a hook or a ruleset can push: running totals are checked (an error,
// never a wrapped int), and what validate accepts plays without breaking an
// invariant (issue 13, items 4 and 5).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "ruleset/loader.h"
#include "session/reports/simulate.h"
#include "support/test_rulesets.h"

using namespace hukum;
using Catch::Matchers::Contains;

TEST_CASE("3,000 legal add_score calls in one deal stop with an error, not a wrapped total", "[hostile]") {
  Ruleset rules = test::load_bundled("tests/fixtures/hostile/score_flood.yaml");
  const SimulationResult run = simulate(rules, SimulationPlan{1, 7, 1});
  const Tally& report = run.tally;
  CHECK(report.errors == 1);
  CHECK_THAT(report.first_failure, Contains("add_score"));
  CHECK_THAT(report.first_failure, Contains("this deal would pass 1000000000"));
  for (const Moments& g : report.game_points) CHECK(g.sum >= 0);  // nothing wrapped into the totals
}

TEST_CASE("a match total that would pass 2,000,000,000 stops the match with an error", "[hostile]") {
  Ruleset rules = test::load_bundled("tests/fixtures/hostile/score_billion.yaml");
  // Two deals reach 2e9 exactly; the third would pass it.
  const SimulationResult run = simulate(rules, SimulationPlan{5, 7, 1});
  const Tally& report = run.tally;
  CHECK(report.errors == 1);
  CHECK_THAT(report.first_failure, Contains("the match score of"));
  CHECK_THAT(report.first_failure, Contains("would pass 2000000000"));
}

TEST_CASE("a hook that scores both sides of a contract deal breaks no invariant", "[hostile]") {
  Ruleset rules = test::load_bundled("tests/fixtures/hostile/score_both_sides.yaml");
  const SimulationResult run = simulate(rules, SimulationPlan{60, 3, 1});
  const Tally& report = run.tally;
  INFO(report.first_failure << run.error);
  CHECK(report.invariant_failures == 0);
  CHECK(report.errors == 0);
  CHECK(report.deals == 60);
  for (const Moments& g : report.game_points) CHECK(g.sum >= 60 * 7);  // every trick gave each side a point
}

TEST_CASE("every bundled Chinese Ten capture table validates and clears its layout", "[hostile]") {
  for (const char* file : {"rulesets/chinese-ten/chinese-ten.yaml", "rulesets/chinese-ten/variants/main_mela.yaml",
                           "rulesets/chinese-ten/variants/taiwan.yaml"}) {
    Ruleset rules = test::load_bundled(file);
    const SimulationResult run = simulate(rules, SimulationPlan{200, 13, 1});
    const Tally& report = run.tally;
    INFO(file << ": " << report.first_failure);
    CHECK(report.invariant_failures == 0);
  }
}

// fishing.layout_clears is a promise: a table that pairs a rank with nothing
// breaks it for certain, so validate refuses it; any other way to break it
// (a hook that forgets a special) is caught by simulate's invariants.
TEST_CASE("a layout that cannot clear fails validate or simulate, never passes silently", "[hostile]") {
  const auto folder = std::filesystem::temp_directory_path();
  const std::string base =
      "extends: " + std::filesystem::relative(test::repo_path("rulesets/chinese-ten/variants/main_mela.yaml"), folder).string() + "\n";
  auto path = folder / ("hukum-capture-check-" + std::to_string(::getpid()) + ".yaml");
  auto load = [&](const std::string& overlay) {
    std::ofstream(path) << base << overlay << "\n";
    return load_ruleset(LoadRequest{path.string(), {}});
  };
  SECTION("a rank that pairs with nothing") {
    LoadResult r = load("fishing: {capture: {values: {A: 52}}}");
    CHECK_FALSE(r.ok());
    CHECK_THAT(r.diagnostics.to_string(),
               Contains("rank 'A' pairs with no card of the deck (no rank has the value 10 - 52), so "
                        "fishing.layout_clears cannot hold"));
  }
  SECTION("the promise kept by the bundled hooks, broken without them") {
    // Main Mela's ten-card layouts are often stuck: without its redeals some
    // deals must end with cards on the layout.
    for (const char* params : {"{}", "{redeal_stuck: false, redeal_special_at_least: 0}"}) {
#ifdef HUKUM_CHECK_INVARIANTS
      // A check build (Debug, sanitizers, fuzz) aborts at the first broken
      // invariant, by design (engine/invariants.h), so the broken half cannot
      // be counted there; a Release build reports it as simulate does here.
      if (std::string(params) != "{}") continue;
#endif
      LoadResult r = load(std::string("hook_params: ") + params);
      REQUIRE(r.ok());
      const SimulationResult run = simulate(*r.ruleset, SimulationPlan{400, 5, 1});
      INFO(params << ": " << run.tally.first_failure);
      if (std::string(params) == "{}") {
        CHECK(run.tally.invariant_failures == 0);
      } else {
        CHECK(run.tally.invariant_failures > 0);
        CHECK_THAT(run.tally.first_failure, Contains("the layout is not empty at the end of the deal"));
      }
    }
  }
  std::filesystem::remove(path);
}
