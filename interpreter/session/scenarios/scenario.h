// Scenario files: a ruleset with options, fixed hands (or a mid-deal position),
// the dealer, then steps of actions and expectations. `hukum test` runs them;
// a failure names the file, the step, the expected and the actual value.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace hukum {

struct ScenarioTotals {
  int passed = 0;
  int failed = 0;
};

// Runs every scenario file named, and every *.yaml below each folder named
// (sorted, recursively). Prints one line per scenario and the details of each
// failure to `out`.
// `overrides` (from --option) replace or add to each scenario's options: a
// rule author can run the same scenarios against a variant.
ScenarioTotals run_scenario_paths(const std::vector<std::string>& paths, std::ostream& out, bool verbose,
                                  const std::map<std::string, std::string>& overrides = {});

}  // namespace hukum
