// The ruleset a simulation result was made from, for `merge` and `report`: a
// result file names its ruleset (file, options, content hash), and the result
// names its tally counts must be ones that ruleset can give
// (ruleset/result_names.h); a tampered file naming others is refused.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "session/reports/report.h"

namespace hukum::cli {

// The result names the run's ruleset can give: its recorded file (as given,
// then beside the result file; only a .yaml or .yml file is followed), loaded
// with the recorded options and `search_path` (cli/library_path.h), and
// unchanged (the same content hash). When that cannot be known, prints
// "PATH: note: result names not checked: ..." and returns nullopt.
std::optional<std::vector<std::string>> run_result_names(const RunInfo& info, const std::string& result_path,
                                                         const std::vector<std::string>& search_path);

// With `names` known, prints "PATH: error: result 'x' is not one the ruleset
// can give ..." and returns false when the tally counts another name.
bool result_names_ok(const Tally& tally, const std::optional<std::vector<std::string>>& names,
                     const std::string& result_path);

}  // namespace hukum::cli
