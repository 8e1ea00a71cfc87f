// `hukum validate FILE...`, `hukum describe FILE`, `hukum schema`.
#include <iostream>

#include "cli/common.h"
#include "ruleset/describe.h"
#include "ruleset/loader.h"
#include "script/lua_host.h"

namespace hukum::cli {

Runner add_validate(CLI::App& app) {
  auto* cmd = app.add_subcommand("validate", "Check ruleset files; print every problem with its position");
  auto files = std::make_shared<std::vector<std::string>>();
  auto pairs = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "Ruleset YAML files")->required()->check(CLI::ExistingFile);
  add_option_flag(cmd, pairs.get());
  return [=] {
    auto options = parse_option_pairs(*pairs);
    if (!options) return kExitUsage;
    int failed = 0;
    for (const auto& f : *files) {
      auto rules = load_or_report(f, *options);
      if (!rules) {
        ++failed;
        continue;
      }
      // The hooks too: scripts load, bound functions exist (in the sandbox).
      if (rules->has_hooks()) {
        LuaHost host;
        Diagnostics diags;
        if (!host.load(*rules, diags)) {
          std::cerr << diags.to_string();
          ++failed;
          continue;
        }
      }
      std::cout << f << ": ok (" << rules->name << ")\n";
    }
    return failed ? kExitFailed : kExitOk;
  };
}

Runner add_describe(CLI::App& app) {
  auto* cmd = app.add_subcommand("describe", "Render a ruleset's rules back as readable text");
  auto file = std::make_shared<std::string>();
  auto pairs = std::make_shared<std::vector<std::string>>();
  cmd->add_option("file", *file, "Ruleset YAML file")->required()->check(CLI::ExistingFile);
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
