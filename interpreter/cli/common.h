// What every subcommand shares: loading a ruleset with --option values and
// printing its diagnostics, exit codes, seat-kind lists.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "ruleset/ruleset.h"

namespace hukum::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;  // failed validation, test or replay; a game that could not run
constexpr int kExitUsage = 2;

// Numbers on the command line: a seed is a whole number >= 0, a deal count
// of simulate or bench is 1 to kMaxSimulateDeals, of play 1 to kMaxMatchDeals
// (core/run_limits.h; a typo of extra digits is an error, not a silent 0).
const CLI::Validator& seed_check();
const CLI::Validator& deals_check();
const CLI::Validator& play_deals_check();

// Adds the repeated `--option key=value` flag to a subcommand, and the
// repeated `--lib-path DIR` flag every ruleset-loading command shares.
void add_option_flag(CLI::App* cmd, std::vector<std::string>* into);
// Only the `--lib-path DIR` flag (for commands that take no --option).
void add_lib_path_flag(CLI::App* cmd);
// The library search path of this run: HUKUM_PATH, --lib-path, installed library.
std::vector<std::string> search_path();
// Parses key=value pairs; prints an error and returns nullopt on a malformed one.
std::optional<std::map<std::string, std::string>> parse_option_pairs(const std::vector<std::string>& pairs);
// Loads and validates; prints every diagnostic (errors and warnings) to stderr;
// nullopt when it failed.
std::optional<Ruleset> load_or_report(const std::string& path, const std::map<std::string, std::string>& options);
// The same from a command's `--option` pairs, `path` a file or a library
// name (ruleset_name.h); on failure `*exit_code` is the status to return (a
// usage error for a malformed pair or an unknown name, else a failed validation).
std::optional<Ruleset> load_with_option_flags(const std::string& path, const std::vector<std::string>& pairs,
                                              int* exit_code);

// Each subcommand: registers its flags and returns the action to run after parsing.
using Runner = std::function<int()>;
Runner add_validate(CLI::App& app);
Runner add_describe(CLI::App& app);
Runner add_schema(CLI::App& app);
Runner add_play(CLI::App& app);
Runner add_simulate(CLI::App& app);
Runner add_bench(CLI::App& app);
Runner add_replay(CLI::App& app);
Runner add_test(CLI::App& app);
Runner add_list(CLI::App& app);
Runner add_completion(CLI::App& app);
Runner add_merge(CLI::App& app);
Runner add_report(CLI::App& app);
Runner add_upgrade(CLI::App& app);
Runner add_serve(CLI::App& app);  // cmd_serve.cc: the web table

// Did-you-mean for a mistyped subcommand or flag (suggest.cc): prints the
// message and returns true when argv holds one; false when CLI11's own message
// should be shown.
bool report_unknown_words(const CLI::App& app, int argc, char** argv);

}  // namespace hukum::cli
