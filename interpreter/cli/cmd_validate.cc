// `hukum validate PATH... [--all-options] [--werror]`, `hukum describe FILE`,
// `hukum schema`. validate walks folders for *.yaml; with --all-options it
// loads every combination of the declared option values and names, for each
// distinct problem, the smallest option sets that show it.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "cli/common.h"
#include "cli/ruleset_name.h"
#include "ruleset/describe.h"
#include "ruleset/loader.h"
#include "script/lua_host.h"

namespace hukum::cli {

namespace fs = std::filesystem;

namespace {

using OptionSet = std::map<std::string, std::string>;

// Files named on the command line, with every *.yaml under a named folder (sorted).
std::vector<std::string> ruleset_files(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (!fs::is_directory(p, ec)) {
      out.push_back(p);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file(ec) && (it->path().extension() == ".yaml" || it->path().extension() == ".yml"))
        found.push_back(it->path().string());
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

// Loads one option set, the Lua hooks included; every diagnostic goes to `diags`.
void check_one(const std::string& file, const OptionSet& options, Diagnostics& diags, std::string* name) {
  LoadResult r = load_ruleset(LoadRequest{file, options, {}, search_path()});
  diags.append(r.diagnostics);
  if (!r.ruleset) return;
  *name = r.ruleset->name;
  if (!r.ruleset->has_hooks()) return;
  LuaHost host;
  host.load(*r.ruleset, diags);
}

// "trump_method=first_discard players=6", or "the defaults".
std::string option_set_text(const OptionSet& set, const std::vector<OptionDef>& declared) {
  std::string out;
  for (const auto& def : declared) {
    auto it = set.find(def.name);
    if (it == set.end() || it->second == def.default_value) continue;
    out += (out.empty() ? "" : " ") + def.name + "=" + it->second;
  }
  return out.empty() ? "the defaults" : out;
}

size_t changed_options(const OptionSet& set, const std::vector<OptionDef>& declared) {
  size_t n = 0;
  for (const auto& def : declared)
    if (auto it = set.find(def.name); it != set.end() && it->second != def.default_value) ++n;
  return n;
}

struct FileVerdict {
  int errors = 0, warnings = 0;
};

// Every option set of `file`; prints each distinct problem once, with the
// simplest option sets (fewest options changed from the default) that show it.
FileVerdict validate_all_options(const std::string& file) {
  FileVerdict verdict;
  Diagnostics declaration_problems;
  std::vector<OptionDef> declared = declared_options(file, declaration_problems, search_path());
  if (!declaration_problems.empty()) {
    std::cerr << declaration_problems.to_string();
    verdict.errors = int(declaration_problems.size());
    return verdict;
  }
  auto sets = option_combinations(declared);
  constexpr size_t kMaxSets = 20000;
  if (sets.size() > kMaxSets) {
    std::cerr << file << ": error: " << sets.size() << " option sets are too many to load one by one (at most "
              << kMaxSets << ")\n";
    verdict.errors = 1;
    return verdict;
  }
  // Distinct problem text -> the option sets where it appears, in order of first sight.
  std::vector<std::string> order;
  std::map<std::string, std::vector<size_t>> seen_in;
  std::string name;
  for (size_t i = 0; i < sets.size(); ++i) {
    Diagnostics diags;
    check_one(file, sets[i], diags, &name);
    for (const auto* list : {&diags.list(), &diags.warnings()})
      for (const auto& d : *list) {
        std::string text = format_diagnostic(d);
        auto& where = seen_in[text];
        if (where.empty()) order.push_back(text);
        if (where.empty() || where.back() != i) where.push_back(i);
      }
  }
  for (const auto& text : order) {
    auto where = seen_in[text];
    std::stable_sort(where.begin(), where.end(), [&](size_t a, size_t b) {
      return changed_options(sets[a], declared) < changed_options(sets[b], declared);
    });
    std::string simplest;
    size_t shown = 0;
    for (size_t i : where) {
      if (changed_options(sets[i], declared) != changed_options(sets[where[0]], declared) || shown == 3) break;
      simplest += (shown++ ? "; " : "") + option_set_text(sets[i], declared);
    }
    std::cerr << file << ": with " << simplest << " (" << where.size() << " of " << sets.size()
              << " option sets):\n  " << text << "\n";
    (text.find(": warning: ") != std::string::npos ? verdict.warnings : verdict.errors)++;
  }
  if (verdict.errors == 0)
    std::cout << file << ": ok (" << name << ", " << sets.size() << " option set"
              << (sets.size() == 1 ? "" : "s") << ")\n";
  return verdict;
}

FileVerdict validate_one(const std::string& file, const OptionSet& options) {
  FileVerdict verdict;
  Diagnostics diags;
  std::string name;
  check_one(file, options, diags, &name);
  std::cerr << diags.warnings_text() << diags.to_string();
  verdict.errors = int(diags.size());
  verdict.warnings = int(diags.warnings().size());
  if (verdict.errors == 0) std::cout << file << ": ok (" << name << ")\n";
  return verdict;
}

}  // namespace

Runner add_validate(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Check ruleset files (or every *.yaml under a folder); print every problem with its position");
  auto paths = std::make_shared<std::vector<std::string>>();
  auto pairs = std::make_shared<std::vector<std::string>>();
  auto all_options = std::make_shared<bool>(false);
  auto werror = std::make_shared<bool>(false);
  cmd->add_option("paths", *paths, "Ruleset YAML files or folders, or games of the library by name (`hukum list`)")
      ->required()
      ->type_name(kRulesetArg);
  add_option_flag(cmd, pairs.get());
  cmd->add_flag("--all-options", *all_options,
                "Check every combination of the option values; name the option sets that fail");
  cmd->add_flag("--werror", *werror, "Treat warnings (data that has no effect) as errors: exit 1");
  return [=] {
    auto options = parse_option_pairs(*pairs);
    if (!options) return kExitUsage;
    if (*all_options && !options->empty()) {
      std::cerr << "hukum: --all-options checks every option set; leave out --option\n";
      return kExitUsage;
    }
    if (!resolve_ruleset_args(paths.get(), /*folders=*/true)) return kExitUsage;
    auto files = ruleset_files(*paths);
    if (files.empty()) {
      std::cerr << "hukum: no *.yaml file under " << comma_list(*paths) << "\n";
      return kExitFailed;
    }
    int failed = 0, warned = 0;
    for (const auto& f : files) {
      FileVerdict v = *all_options ? validate_all_options(f) : validate_one(f, *options);
      failed += v.errors > 0;
      warned += v.warnings > 0;
    }
    if (warned && *werror) std::cerr << "hukum: " << warned << " file(s) with warnings (--werror)\n";
    return failed || (*werror && warned) ? kExitFailed : kExitOk;
  };
}

Runner add_describe(CLI::App& app) {
  auto* cmd = app.add_subcommand("describe", "Render a ruleset's rules back as readable text");
  auto file = std::make_shared<std::string>();
  auto pairs = std::make_shared<std::vector<std::string>>();
  cmd->add_option("file", *file, "Ruleset YAML file, or a game of the library by name (`hukum list`)")
      ->required()
      ->type_name(kRulesetArg);
  add_option_flag(cmd, pairs.get());
  return [=] {
    int exit_code = kExitOk;
    auto rules = load_with_option_flags(*file, *pairs, &exit_code);
    if (!rules) return exit_code;
    std::cout << describe_ruleset(*rules);
    return kExitOk;
  };
}

Runner add_schema(CLI::App& app) {
  auto* cmd = app.add_subcommand("schema", "Print the JSON Schema of the ruleset format (for editors)");
  auto markdown = std::make_shared<bool>(false);
  cmd->add_flag("--markdown", *markdown, "Print the key reference as Markdown instead");
  return [=] {
    std::cout << (*markdown ? schema_markdown() : json_schema()) << "\n";
    return kExitOk;
  };
}

}  // namespace hukum::cli
