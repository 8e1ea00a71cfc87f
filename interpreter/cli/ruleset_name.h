// A ruleset named on the command line by a path or by its name in the library
// search path (library_path.h): "GAME" is <dir>/GAME/GAME.yaml and
// "GAME/RULE" is one of its house rules, <dir>/GAME/variants/RULE.yaml. The
// names come from the folders, so a game added to a folder of the search path
// is playable by name at once; the engine itself knows no game.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace hukum::cli {

// The type name of a positional or flag that takes a ruleset: the completion
// script (cmd_completion.cc) offers the library's names for it.
inline constexpr const char* kRulesetArg = "RULESET";

struct LibraryRuleset {
  std::string name;  // "GAME" or "GAME/RULE"
  std::string path;  // the file
};

// Every game and house rule of the search path, games first, each name once:
// the first folder of the path that holds a name wins, as for `extends`.
// The entries of a folder in name order (none when it cannot be read).
std::vector<std::filesystem::path> sorted_entries(const std::filesystem::path& dir);
std::vector<LibraryRuleset> library_rulesets(const std::vector<std::string>& search_path);

// The file `arg` stands for: `arg` itself when it exists (a path always wins
// over a name; a folder only with `folders`), else the library ruleset of
// that name. "" when neither, with `*problem` saying
// so and naming the closest names.
std::string resolve_ruleset(const std::string& arg, const std::vector<std::string>& search_path, bool folders,
                            std::string* problem);

// resolve_ruleset for every word of a command's ruleset arguments, in place;
// prints each problem and returns false when one is left unresolved.
bool resolve_ruleset_args(std::vector<std::string>* args, bool folders);
bool resolve_ruleset_arg(std::string* arg);

}  // namespace hukum::cli
