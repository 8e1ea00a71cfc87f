// Shared by the subcommands: number checks, --option and --lib-path, loading with diagnostics.
#include "cli/common.h"

#include <iostream>

#include "cli/library_path.h"
#include "cli/ruleset_name.h"
#include "core/run_limits.h"
#include "ruleset/loader.h"

namespace hukum::cli {

const CLI::Validator& seed_check() {
  static const CLI::Validator check(
      [](std::string& text) {
        // 20 digits may still pass 2^64 - 1: compared as text of equal length, never clamped.
        if (text.empty() || text.size() > 20 || text.find_first_not_of("0123456789") != std::string::npos ||
            (text.size() == 20 && text > "18446744073709551615"))
          return std::string("a seed is a whole number from 0 to 18446744073709551615, got '" + text + "'");
        return std::string();
      },
      "SEED");
  return check;
}

// A whole number from 1 to `max`, checked as text so that extra digits are an
// error rather than a wrapped or clamped number.
static CLI::Validator deals_validator(long max) {
  const std::string range = "1.." + std::to_string(max);
  return CLI::Validator(
      [max](std::string& text) {
        const std::string limit = std::to_string(max);
        if (text.empty() || text.size() > limit.size() || text.find_first_not_of("0123456789") != std::string::npos ||
            std::stol(text) < 1 || std::stol(text) > max)
          return "a number of deals is a whole number from 1 to " + limit + ", got '" + text + "'";
        return std::string();
      },
      range);
}

const CLI::Validator& deals_check() {
  static const CLI::Validator check = deals_validator(kMaxSimulateDeals);
  return check;
}

const CLI::Validator& play_deals_check() {
  static const CLI::Validator check = deals_validator(kMaxMatchDeals);
  return check;
}

// --lib-path values of this run (one subcommand runs per process).
static std::vector<std::string> lib_paths;

void add_lib_path_flag(CLI::App* cmd) {
  cmd->add_option("--lib-path", lib_paths,
                  "A folder searched for extended rulesets and Lua libraries (repeatable; after HUKUM_PATH)")
      ->type_name("DIR");
}

void add_option_flag(CLI::App* cmd, std::vector<std::string>* into) {
  cmd->add_option("--option,-o", *into,
                  "Choose a ruleset option, as key=value (repeatable); `hukum describe` lists them")
      ->type_name("KEY=VALUE");
  add_lib_path_flag(cmd);
}

std::vector<std::string> search_path() { return library_search_path(lib_paths); }

std::optional<std::map<std::string, std::string>> parse_option_pairs(const std::vector<std::string>& pairs) {
  std::map<std::string, std::string> out;
  for (const auto& p : pairs) {
    auto eq = p.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == p.size()) {
      std::cerr << "hukum: --option '" << p << "' must be key=value\n";
      return std::nullopt;
    }
    out[p.substr(0, eq)] = p.substr(eq + 1);
  }
  return out;
}

std::optional<Ruleset> load_or_report(const std::string& path,
                                      const std::map<std::string, std::string>& options) {
  LoadResult r = load_ruleset(LoadRequest{path, options, {}, search_path()});
  std::cerr << r.diagnostics.warnings_text();
  if (!r.diagnostics.empty()) std::cerr << r.diagnostics.to_string();
  if (!r.ruleset) return std::nullopt;
  return std::move(*r.ruleset);
}

std::optional<Ruleset> load_with_option_flags(const std::string& path, const std::vector<std::string>& pairs,
                                              int* exit_code) {
  auto options = parse_option_pairs(pairs);
  std::string file = path;
  if (!options || !resolve_ruleset_arg(&file)) {
    *exit_code = kExitUsage;
    return std::nullopt;
  }
  auto rules = load_or_report(file, *options);
  if (!rules) *exit_code = kExitFailed;
  return rules;
}

}  // namespace hukum::cli
