// The one line a designer reads first in a comparison: what changed between
// A and B, by how much, and how sure the run is. "Clear" is p < 0.001: with
// about twenty figures compared at once, a 5% test marks one by chance, while
// p < 0.001 leaves about one run in fifty with a false "clear" anywhere
// (Bonferroni: 20 x 0.001). A change marked at 5% only is named as one to
// check with another seed; with none, the line says "no clear change".
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "session/reports/compare_figures.h"
#include "session/reports/report.h"

namespace hukum {

constexpr double kClearP = 0.001;

struct Verdict {
  std::string text;                  // "Verdict: weighted_tally=true: NS game points per deal ..."
  std::vector<std::string> clear;    // the figures it names as clear changes, clearest first
  std::vector<std::string> marked;   // the figures it names as marked at 5% only
};

// What B changes from A, as a designer names it: B's ruleset when it is
// another one, and every option B sets to another value ("weighted_tally=true").
std::string variant_change(const RunInfo& a, const RunInfo& b);

// The verdict over the figures (repeats left out), at most two named.
Verdict comparison_verdict(const RunInfo& a, const RunInfo& b, const std::vector<CompareFigure>& figures,
                           int64_t deals);

nlohmann::ordered_json verdict_json(const Verdict& v);

}  // namespace hukum
