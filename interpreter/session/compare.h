// Two simulations on the same seeds (a ruleset and a house rule, or two option
// sets): each figure both reports share, the difference B - A with its 95%
// interval, its p-value and whether it is significant. The two runs are
// treated as independent samples, which is conservative: sharing the seeds
// can only make the true interval narrower.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "session/report.h"

namespace hukum {

constexpr const char* kComparisonFormat = "hukum-comparison";

// {"format", "version", "a": document, "b": document, "differences": [...]}.
nlohmann::ordered_json comparison_document(const RunInfo& a_info, const Tally& a, const RunInfo& b_info,
                                           const Tally& b);
// The differences alone: [{"figure", "a", "b", "difference": {value, low, high}, "p_value", "significant"}].
nlohmann::ordered_json differences_json(const Tally& a, const Tally& b);
std::string comparison_text(const RunInfo& a_info, const Tally& a, const RunInfo& b_info, const Tally& b);

}  // namespace hukum
