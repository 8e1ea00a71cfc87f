// Scores a hook or a ruleset can push: running totals are checked (an error,
// never a wrapped int), and what validate accepts plays without breaking an
// invariant (issue 13, items 4 and 5).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "ruleset/loader.h"
#include "session/simulate.h"
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

TEST_CASE("capture tables that would leave cards on a clearing layout do not validate", "[hostile]") {
  const auto folder = std::filesystem::temp_directory_path();
  const std::string base =
      "extends: " + std::filesystem::relative(test::repo_path("rulesets/chinese-ten/chinese-ten.yaml"), folder).string() + "\n";
  struct Case {
    const char* overlay;
    const char* message;
  } cases[] = {
      {"fishing: {capture: {values: {A: 52}}}", "rank 'A' pairs with no card of the deck (no rank has the value 10 - 52)"},
      {"fishing: {capture: {values: {K: 9}, same_rank: [10, J, Q]}, specials: {ranks: [5, 10, J, Q]}}",
       "rank 'A' and its partners have 4 and 8 cards"},
      {"fishing: {capture: {max_targets: 2}}", "one card may take 2 targets"},
      {"fishing: {specials: {fourth_takes: 2}}", "dealer_takes 4 and fourth_takes 2 leave cards of rank"},
      {"fishing: {specials: {ranks: [5, 10, J, Q]}}", "rank 'K' pairs with itself but is not one special rank"},
      {"fishing: {specials: {ranks: [A, 5, 10, J, Q, K]}}", "special rank 'A' pairs with another rank"},
  };
  for (const auto& c : cases) {
    auto path = folder / ("hukum-capture-check-" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(path) << base << c.overlay << "\n";
    LoadResult r = load_ruleset(LoadRequest{path.string(), {}});
    INFO(c.overlay);
    CHECK_FALSE(r.ok());
    CHECK_THAT(r.diagnostics.to_string(), Contains(c.message));
  }
}
