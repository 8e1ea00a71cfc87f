// The game log of play, ended by a record saying whether it is complete (see play_log.h).
#include "cli/play_log.h"

#include <iostream>

#include "diag/diagnostic.h"

namespace hukum::cli {

bool PlayLog::open(const std::string& path, const Ruleset& rules, const nlohmann::ordered_json& header) {
  path_ = path;
  if (std::string problem = file_.open(path); !problem.empty()) {
    std::cerr << "hukum: cannot write the log '" << printable_text(path) << "': " << printable_text(problem) << "\n";
    return false;
  }
  file_.stream() << header.dump() << '\n';
  sink_.emplace(rules, &file_.stream());
  return true;
}

bool PlayLog::finish(RunOutcome outcome, bool interrupted) {
  file_.stream() << log_end_line(outcome == RunOutcome::Finished && !interrupted,
                                 interrupted                            ? "interrupted"
                                 : outcome == RunOutcome::Stopped       ? "stopped"
                                 : outcome == RunOutcome::Failed        ? "error"
                                                                        : "")
                 << '\n';
  if (std::string problem = file_.commit(); !problem.empty()) {
    std::cerr << "hukum: cannot write the log '" << printable_text(path_) << "' (disk full?): "
              << printable_text(problem) << "; it is left as it was\n";
    return false;
  }
  return true;
}

}  // namespace hukum::cli
