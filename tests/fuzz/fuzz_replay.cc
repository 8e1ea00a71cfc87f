// Fuzz target: game-log replay (JSON lines, header checks, action parsing,
// divergence reports). Input: a log; its header names a bundled ruleset by a
// path relative to the log's folder (the scratch folder links `rulesets`).
#include "fuzz_support.h"
#include "session/matches/replay.h"

using namespace hukum;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string path = fuzz::write_file("input.jsonl", data, size);
  ReplayReport report = replay_log(path, {});
  if (report.clean != report.problem.empty()) fuzz::fail("replay clean with a problem, or failed without one");
  return 0;
}
