// Replaying a JSONL log: load the ruleset and options the header names, check
// the content hash, play the recorded actions from the recorded seed, and
// compare every line the engine produces with the log's. The first line that
// differs is the divergence.
#pragma once

#include <string>

namespace hukum {

struct ReplayReport {
  bool clean = false;
  int lines = 0;          // event lines compared
  int deals = 0;
  std::string problem;    // the divergence or why the log could not be replayed
};

ReplayReport replay_log(const std::string& path);

}  // namespace hukum
