// `hukum upgrade FILE... [--in-place]`: rewrites rulesets written for an
// earlier format (ruleset/upgrade.h) so that they load again. Without
// --in-place the upgraded text of the one file goes to stdout; with it each
// file is rewritten and then validated, so that the user sees at once whether
// it loads.
#include <iostream>

#include "cli/common.h"
#include "cli/ruleset_name.h"
#include "core/output_file.h"
#include "diag/diagnostic.h"
#include "ruleset/input_file.h"
#include "ruleset/loader.h"
#include "ruleset/upgrade.h"

namespace hukum::cli {

Runner add_upgrade(CLI::App& app) {
  auto* cmd = app.add_subcommand("upgrade", "Rewrite rulesets written for an earlier format so that they load");
  struct Args {
    std::vector<std::string> files;
    bool in_place = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("files", a->files, "Ruleset files, or games of the library by name (`hukum list`)")
      ->required()
      ->type_name(kRulesetArg);
  cmd->add_flag("--in-place", a->in_place, "Rewrite the files (and validate them) instead of printing one");
  return [a] {
    if (!a->in_place && a->files.size() != 1) {
      std::cerr << "error: give one file, or --in-place to rewrite several\n";
      return kExitUsage;
    }
    if (!resolve_ruleset_args(&a->files, /*folders=*/false)) return kExitUsage;
    int status = kExitOk;
    for (const auto& file : a->files) {
      // Read like any ruleset: a regular file of bounded size.
      std::string text;
      if (std::string why = read_input_file(file, kMaxYamlFileBytes, &text); !why.empty()) {
        std::cerr << printable_text(file) << ": error: " << (why.rfind("cannot", 0) == 0 ? why : "the file " + why)
                  << "\n";
        status = kExitFailed;
        continue;
      }
      UpgradeResult up = upgrade_ruleset_text(text, file);
      if (!up.problems.empty()) {
        std::cerr << up.problems.to_string();
        status = kExitFailed;
        continue;
      }
      for (const auto& change : up.changes) std::cerr << file << ": " << change << "\n";
      if (!a->in_place) {
        std::cout << up.text;
        if (!up.changed()) std::cerr << file << ": nothing to upgrade\n";
        continue;
      }
      if (!up.changed()) {
        std::cerr << file << ": nothing to upgrade\n";
        continue;
      }
      // Whole or not at all: on a full disk the original stays (it used to be cut to 4096 bytes).
      OutputFile out;
      std::string problem = out.open(file);
      if (problem.empty()) {
        out.stream() << up.text;
        problem = out.commit();
      }
      if (!problem.empty()) {
        std::cerr << printable_text(file) << ": error: " << printable_text(problem) << "; the file is left as it was\n";
        status = kExitFailed;
        continue;
      }
      LoadResult loaded = load_ruleset(LoadRequest{file, {}, {}, search_path()});
      if (!loaded.ok()) {
        std::cerr << loaded.diagnostics.to_string();
        status = kExitFailed;
      } else {
        std::cerr << file << ": upgraded, ok (" << loaded.ruleset->name << ")\n";
      }
    }
    return status;
  };
}

}  // namespace hukum::cli
