// Replaying a JSONL log: load the ruleset and options the header names, check
// the content hash, play the recorded actions from the recorded seed, and
// compare every line the engine produces with the log's. The first line that
// differs is the divergence.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace hukum {

struct ReplayReport {
  bool clean = false;
  int lines = 0;          // event lines compared
  int deals = 0;
  std::string problem;    // the divergence or why the log could not be replayed
};

// `overrides` replace options of the log's header: the log is then replayed
// under other rules (the content hash is not checked) to find where it stops
// being a game of those rules.
// `search_path` is where extended rulesets and Lua libraries are looked up,
// as play looked them up (HUKUM_PATH, --lib-path, the installed library).
ReplayReport replay_log(const std::string& path, const std::map<std::string, std::string>& overrides = {},
                        const std::vector<std::string>& search_path = {});

}  // namespace hukum
