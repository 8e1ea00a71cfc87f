// `hukum test PATH...`: run scenario files or folders of them.
#include <iostream>

#include "cli/common.h"
#include "session/scenarios/scenario.h"

namespace hukum::cli {

Runner add_test(CLI::App& app) {
  auto* cmd = app.add_subcommand("test", "Run scenario files (fixed hands, actions, expectations)");
  auto paths = std::make_shared<std::vector<std::string>>();
  auto verbose = std::make_shared<bool>(false);
  cmd->add_option("paths", *paths, "Scenario files or folders")->required()->check(CLI::ExistingPath);
  cmd->add_flag("--verbose,-v", *verbose, "Print every step");
  auto pairs = std::make_shared<std::vector<std::string>>();
  add_option_flag(cmd, pairs.get());
  return [=] {
    auto overrides = parse_option_pairs(*pairs);
    if (!overrides) return kExitUsage;
    ScenarioTotals t = run_scenario_paths(*paths, std::cout, *verbose, *overrides);
    std::cout << t.passed << " passed, " << t.failed << " failed\n";
    return t.failed == 0 && t.passed > 0 ? kExitOk : kExitFailed;
  };
}

}  // namespace hukum::cli
