// Fuzz target: the scenario reader and runner. Input: a scenario file, written
// where tests/scenarios/<game>/ files sit, so `ruleset: ../../../rulesets/...`
// names a bundled ruleset as in the seed files.
#include <sstream>

#include "fuzz_support.h"
#include "session/scenarios/scenario.h"

using namespace hukum;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string path = fuzz::write_file("fuzzed/scenarios/game/input.yaml", data, size);
  // The fuzzed file sits at the same depth as tests/scenarios/<game>/x.yaml;
  // fuzzed/../rulesets is the scratch folder's link to the bundled rulesets.
  std::ostringstream out;
  ScenarioTotals totals = run_scenario_paths({path}, out, false);
  if (totals.passed + totals.failed != 1) fuzz::fail("one scenario file gave " + std::to_string(totals.passed + totals.failed) + " results");
  return 0;
}
