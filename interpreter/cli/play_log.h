// The game log of `play --log FILE`: written during play to a temporary file
// beside FILE (core/output_file.h), and renamed over FILE when play ends,
// however it ends. Its last line says whether the log is complete:
//   {"event":"end","complete":true}
//   {"event":"end","complete":false,"reason":"interrupted"}   (or "stopped", "error")
// so that replay refuses to take a cut log for a finished game. A log that
// cannot be written leaves FILE as it was.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/output_file.h"
#include "session/matches/log.h"
#include "session/matches/runner.h"

namespace hukum::cli {

class PlayLog {
 public:
  // Opens the file and writes the header; prints the problem and returns false when it cannot.
  bool open(const std::string& path, const Ruleset& rules, const nlohmann::ordered_json& header);
  // The sink the game's events go to.
  LogSink* sink() { return sink_ ? &*sink_ : nullptr; }
  // Writes the end record and renames the log over its target; prints the
  // problem and returns false when the log could not be written.
  bool finish(RunOutcome outcome, bool interrupted);

 private:
  std::string path_;
  OutputFile file_;
  std::optional<LogSink> sink_;
};

}  // namespace hukum::cli
