// `hukum list`: the games of the library search path (each folder's
// <game>/<game>.yaml), their options with default and values, and their house
// rules (<game>/variants/*.yaml). What a person who installed hukum can play.
// `--names` and `--options` print bare lists for the completion script.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/common.h"
#include "cli/ruleset_name.h"
#include "ruleset/loader.h"

namespace hukum::cli {

namespace fs = std::filesystem;

namespace {

void list_game(const fs::path& file) {
  LoadResult r = load_ruleset(LoadRequest{file.string(), {}, {}, search_path()});
  if (!r.ruleset) {
    std::cout << "  " << file.stem().string() << "  (does not load: `hukum validate " << file.string()
              << "` says why)\n";
    return;
  }
  const Ruleset& rules = *r.ruleset;
  std::cout << "  " << file.stem().string() << "  " << rules.name << "  " << file.string() << "\n";
  for (const auto& o : rules.options) {
    std::string values;
    for (const auto& v : o.values) values += (values.empty() ? "" : ", ") + v;
    std::cout << "      --option " << o.name << "=" << o.default_value << "  (one of " << values << ")"
              << (o.description.empty() ? "" : ": " + o.description) << "\n";
  }
  // Each house rule by the name play and the other commands take.
  const std::string game = file.stem().string();
  for (const auto& v : sorted_entries(file.parent_path() / "variants"))
    if (v.extension() == ".yaml")
      std::cout << "      house rule " << game << "/" << v.stem().string() << "  " << v.string() << "\n";
}

// For the completion script: every name, one a line.
int print_names() {
  for (const auto& r : library_rulesets(search_path())) std::cout << r.name << "\n";
  return kExitOk;
}

// For the completion script: every `--option` a ruleset takes, as key=value.
int print_option_values(std::string ruleset) {
  if (!resolve_ruleset_arg(&ruleset)) return kExitUsage;
  LoadResult r = load_ruleset(LoadRequest{ruleset, {}, {}, search_path()});
  if (!r.ruleset) {
    std::cerr << r.diagnostics.to_string();
    return kExitFailed;
  }
  for (const auto& o : r.ruleset->options)
    for (const auto& v : o.values) std::cout << o.name << "=" << v << "\n";
  return kExitOk;
}

}  // namespace

Runner add_list(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List the games of the library (installed, HUKUM_PATH, --lib-path) and their options");
  add_lib_path_flag(cmd);
  auto names = std::make_shared<bool>(false);
  auto options_of = std::make_shared<std::string>();
  cmd->add_flag("--names", *names, "Print only the names the commands take (games and GAME/HOUSE-RULE), one a line");
  cmd->add_option("--options", *options_of, "Print only the --option values of this ruleset, as KEY=VALUE, one a line")
      ->type_name(kRulesetArg);
  return [=] {
    if (*names) return print_names();
    if (!options_of->empty()) return print_option_values(*options_of);
    int games = 0;
    std::vector<std::string> listed;
    for (const auto& dir : search_path()) {
      std::error_code ec;
      std::string shown = fs::weakly_canonical(dir, ec).string();
      if (std::find(listed.begin(), listed.end(), shown) != listed.end()) continue;
      listed.push_back(shown);
      std::vector<fs::path> files;
      for (const auto& game : sorted_entries(dir))
        if (fs::is_regular_file(game / (game.filename().string() + ".yaml"), ec))
          files.push_back(game / (game.filename().string() + ".yaml"));
      if (files.empty()) continue;
      std::cout << "Games in " << shown << ":\n";
      for (const auto& f : files) list_game(f);
      games += int(files.size());
    }
    if (games == 0) {
      std::cerr << "hukum: no games found in the library search path (set HUKUM_PATH or pass --lib-path)\n";
      return kExitFailed;
    }
    return kExitOk;
  };
}

}  // namespace hukum::cli
