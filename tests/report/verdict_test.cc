// The comparison read at a glance (session/reports/verdict.h, compare_figures.h):
// repeats found, the verdict's words for no change and for a clear one, and
// a saved comparison's paired sums read back to the same intervals.
#include <catch2/catch.hpp>

#include "session/reports/compare.h"
#include "session/reports/compare_figures.h"
#include "session/reports/simulate.h"
#include "session/reports/verdict.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

struct Run {
  RunInfo a, b;
  PairedSimulation sim;
};

Run mendikot(const std::map<std::string, std::string>& b_options, long deals) {
  const Ruleset a = test::load_bundled("rulesets/mendikot/mendikot.yaml");
  const Ruleset b = test::load_bundled("rulesets/mendikot/mendikot.yaml", b_options);
  SimulationPlan plan(deals, 17, 2);
  return {run_info(a, "mendikot.yaml", 17, deals, 0, 1), run_info(b, "mendikot.yaml", 17, deals, 0, 1),
          simulate_paired(a, b, plan)};
}

std::string repeats_of(const std::vector<CompareFigure>& figures, const std::string& name) {
  for (const auto& f : figures)
    if (f.name == name) return f.repeats;
  FAIL("no figure " << name);
  return {};
}

}  // namespace

TEST_CASE("A comparison leaves out the figures that repeat others", "[report][verdict]") {
  const Run r = mendikot({{"weighted_tally", "true"}}, 1200);
  const auto figures = shared_figures(r.sim.a.tally, r.sim.b.tally, &r.sim.paired);
  // Mendikot has no drawn deals: EW wins every deal NS does not.
  CHECK(repeats_of(figures, "EW deal win rate") == "NS deal win rate");
  // Tied matches: not a mirror, even where NS and EW won equally often (as here:
  // 60 and 60 of 150 under A), which is chance, not the game's structure.
  CHECK(repeats_of(figures, "EW match win rate").empty());
  CHECK(repeats_of(figures, "result normal").empty());  // no whitewash in this run: chance again
  // Partners: dealer+2 sits on the dealer's side, dealer+3 on dealer+1's.
  CHECK(repeats_of(figures, "dealer+2's side deal win rate") == "dealer's side deal win rate");
  CHECK(repeats_of(figures, "dealer+3's side game points per deal") == "dealer+1's side game points per deal");
  CHECK(repeats_of(figures, "NS game points per deal").empty());
  CHECK(repeats_of(figures, "dealer+1's side deal win rate") == "dealer's side deal win rate");  // the mirror
}

TEST_CASE("A comparison leaves out a mean that says what a rate says", "[report][verdict]") {
  // Mendikot scores one game point for every deal won, in both variants: a
  // side's game points per deal are its deal win rate in other words.
  const Run r = mendikot({{"m3a_revealer_must_trump", "true"}}, 600);
  const auto figures = shared_figures(r.sim.a.tally, r.sim.b.tally, &r.sim.paired);
  CHECK(repeats_of(figures, "NS game points per deal") == "NS deal win rate");
  CHECK(repeats_of(figures, "EW game points per deal") == "EW deal win rate");
  CHECK(repeats_of(figures, "dealer's side game points per deal") == "dealer's side deal win rate");
  CHECK(repeats_of(figures, "dealer+1's side game points per deal") == "dealer+1's side deal win rate");
  CHECK(repeats_of(figures, "NS points per deal").empty());
  // One run scoring two or three for some deals (weighted_tally): no longer the same figure.
  const Run w = mendikot({{"weighted_tally", "true"}}, 600);
  const auto weighted = shared_figures(w.sim.a.tally, w.sim.b.tally, &w.sim.paired);
  CHECK(repeats_of(weighted, "NS game points per deal").empty());
  CHECK(repeats_of(weighted, "dealer's side game points per deal").empty());
}

TEST_CASE("The verdict says what changed, by how much and how sure", "[report][verdict]") {
  SECTION("a clear change: weighted_tally doubles a mendikot's game points") {
    const Run r = mendikot({{"weighted_tally", "true"}}, 1200);
    const auto figures = shared_figures(r.sim.a.tally, r.sim.b.tally, &r.sim.paired);
    const Verdict v = comparison_verdict(r.a, r.b, figures, 1200);
    INFO(v.text);
    CHECK(v.text.rfind("Verdict: weighted_tally=true: ", 0) == 0);
    REQUIRE(v.clear.size() == 2);
    CHECK(v.clear[0].find("game points per deal") != std::string::npos);
    CHECK(v.text.find(", clear (paired, p < 0.001)") != std::string::npos);
    CHECK(v.text.find("; 1200 deals each.") != std::string::npos);
    CHECK(v.text.find("no clear change") == std::string::npos);
  }
  SECTION("identical variants: no clear change") {
    const Run r = mendikot({}, 600);
    const auto figures = shared_figures(r.sim.a.tally, r.sim.b.tally, &r.sim.paired);
    const Verdict v = comparison_verdict(r.a, r.b, figures, 600);
    INFO(v.text);
    CHECK(v.clear.empty());
    CHECK(v.text.rfind("Verdict: B (the same rules as A): no clear change", 0) == 0);
  }
}

TEST_CASE("A saved comparison keeps its paired sums", "[report][verdict]") {
  const Run r = mendikot({{"weighted_tally", "true"}}, 600);
  const auto doc = comparison_document(r.a, r.sim.a.tally, r.b, r.sim.b.tally, &r.sim.paired);
  const PairedTally back = PairedTally::from_json(nlohmann::json::parse(doc["paired"].dump()), r.sim.a.tally.shape,
                                                  r.sim.b.tally.shape);
  const auto again = comparison_document(r.a, r.sim.a.tally, r.b, r.sim.b.tally, &back);
  CHECK(again.dump() == doc.dump());
  nlohmann::json forged = nlohmann::json::parse(doc["paired"].dump());
  forged["differences"]["NS deal win rate"][0] = 5;
  CHECK_THROWS_AS(PairedTally::from_json(forged, r.sim.a.tally.shape, r.sim.b.tally.shape), std::runtime_error);
}

TEST_CASE("A comparison leaves out deals per match when every match has the same length", "[report][verdict]") {
  auto has = [](const std::vector<CompareFigure>& figures, const std::string& name) {
    return std::any_of(figures.begin(), figures.end(), [&](const CompareFigure& f) { return f.name == name; });
  };
  // Mendikot's matches are eight deals on both sides: +0.000 [+0.000, +0.000] said nothing.
  const Run fixed = mendikot({{"weighted_tally", "true"}}, 400);
  REQUIRE(fixed.sim.a.tally.matches_complete > 0);
  CHECK_FALSE(has(shared_figures(fixed.sim.a.tally, fixed.sim.b.tally, &fixed.sim.paired), "deals per match"));
  // Matches to a target score vary in length: the figure stays.
  const Ruleset a = test::load_bundled("rulesets/mpourloto/mpourloto.yaml");
  const Ruleset b = test::load_bundled("rulesets/mpourloto/mpourloto.yaml", {{"target", "500"}});
  const PairedSimulation target = simulate_paired(a, b, SimulationPlan(400, 17, 2));
  REQUIRE(target.a.tally.matches_complete > 0);
  CHECK(has(shared_figures(target.a.tally, target.b.tally, &target.paired), "deals per match"));
}
