// Result names checked against the run's ruleset (see result_ruleset.h).
#include "cli/result_ruleset.h"

#include <filesystem>
#include <iostream>

#include "diag/diagnostic.h"
#include "ruleset/loader.h"
#include "session/reports/tally_check.h"

namespace hukum::cli {

namespace {

// Where the recorded ruleset file is, or "" with *why: the path is what the
// run was given, so relative to where it ran; the result file's folder is
// tried next (a result moved with its game).
std::string find_ruleset_file(const std::string& recorded, const std::string& result_path, std::string* why) {
  namespace fs = std::filesystem;
  const std::string extension = fs::path(recorded).extension().string();
  if (extension != ".yaml" && extension != ".yml") {
    *why = "its ruleset file " + printable_text(nlohmann::json(recorded).dump()) + " is not a .yaml or .yml file";
    return {};
  }
  std::error_code ec;
  if (fs::is_regular_file(recorded, ec)) return recorded;
  const fs::path beside = fs::path(result_path).parent_path() / recorded;
  if (fs::path(recorded).is_relative() && fs::is_regular_file(beside, ec)) return beside.string();
  *why = "its ruleset '" + printable_text(recorded) + "' was not found";
  return {};
}

}  // namespace

std::optional<std::vector<std::string>> run_result_names(const RunInfo& info, const std::string& result_path,
                                                         const std::vector<std::string>& search_path) {
  std::string why;
  if (const std::string file = find_ruleset_file(info.file, result_path, &why); !file.empty()) {
    LoadResult loaded = load_ruleset(LoadRequest{file, info.options, {}, search_path});
    if (!loaded.ruleset)
      why = "its ruleset '" + printable_text(file) + "' does not load with the recorded options";
    else if (loaded.ruleset->content_hash != info.content_hash)
      why = "its ruleset '" + printable_text(file) + "' has changed since the run (hash " +
            loaded.ruleset->content_hash + ", result " + printable_text(info.content_hash) + ")";
    else
      return std::move(loaded.ruleset->result_names);
  }
  std::cerr << printable_text(result_path) << ": note: result names not checked: " << why << "\n";
  return std::nullopt;
}

bool result_names_ok(const Tally& tally, const std::optional<std::vector<std::string>>& names,
                     const std::string& result_path) {
  if (!names) return true;
  const std::string problem = unknown_result_name(tally, *names);
  if (problem.empty()) return true;
  std::cerr << printable_text(result_path) << ": error: " << printable_text(problem) << "\n";
  return false;
}

}  // namespace hukum::cli
