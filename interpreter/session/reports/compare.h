// Two simulations on the same seeds (a ruleset and a house rule, or two option
// sets): each figure both reports share, the difference B - A with its 95%
// interval, its p-value and whether it is significant. Per-deal figures of
// two runs on the same deals are paired (paired.h); the others are compared
// as independent samples, which is conservative when the seeds are shared.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "session/reports/paired.h"
#include "session/reports/report.h"

namespace hukum {

constexpr const char* kComparisonFormat = "hukum-comparison";

// {"format", "version", "a": document, "b": document, "verdict": {text, clear,
// marked} (verdict.h), "differences": [...], "no_data": [figure, ...],
// "paired": sums or null}. `paired`: the per-deal differences when both runs
// played the same deals (simulate_paired); per-deal figures then use them
// (method "paired"), and the document keeps them for `hukum report`.
nlohmann::ordered_json comparison_document(const RunInfo& a_info, const Tally& a, const RunInfo& b_info,
                                           const Tally& b, const PairedTally* paired = nullptr);
// The differences alone: [{"figure", "kind", "over", "method", "a", "b", "difference": {value, low, high},
// "p_value", "significant"[, "repeats"]}]; "repeats" names the figure this one repeats (compare_figures.h).
nlohmann::ordered_json differences_json(const Tally& a, const Tally& b, const PairedTally* paired = nullptr);
// The text report; its first line is the verdict.
std::string comparison_text(const RunInfo& a_info, const Tally& a, const RunInfo& b_info, const Tally& b,
                            const PairedTally* paired = nullptr);

}  // namespace hukum
