// Two simulations on the same seeds (a ruleset and a house rule, or two option
// sets): each figure both reports share, the difference B - A with its 95%
// interval, its p-value and whether it is significant. Per-deal figures of
// two runs on the same deals are paired (paired.h); the others are compared
// as independent samples, which is conservative when the seeds are shared.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "session/paired.h"
#include "session/report.h"

namespace hukum {

constexpr const char* kComparisonFormat = "hukum-comparison";

// {"format", "version", "a": document, "b": document, "differences": [...]}.
// `paired`: the per-deal differences when both runs played the same deals
// (simulate_paired); per-deal figures then use them (method "paired").
nlohmann::ordered_json comparison_document(const RunInfo& a_info, const Tally& a, const RunInfo& b_info,
                                           const Tally& b, const PairedTally* paired = nullptr);
// The differences alone: [{"figure", "a", "b", "difference": {value, low, high}, "p_value", "significant"}].
nlohmann::ordered_json differences_json(const Tally& a, const Tally& b, const PairedTally* paired = nullptr);
std::string comparison_text(const RunInfo& a_info, const Tally& a, const RunInfo& b_info, const Tally& b,
                            const PairedTally* paired = nullptr);

}  // namespace hukum
