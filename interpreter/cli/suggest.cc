// Did-you-mean for the command line: a mistyped subcommand (`hukum simulat`)
// or flag (`play --sed 3`) is named with the nearest real one, instead of
// CLI11's "A subcommand is required" or "arguments were not expected".
#include <algorithm>
#include <iostream>

#include "cli/common.h"
#include "diag/diagnostic.h"

namespace hukum::cli {

namespace {

std::vector<std::string> subcommand_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    out.push_back(sub->get_name());
  return out;
}

std::vector<std::string> flag_names(const CLI::App& cmd) {
  std::vector<std::string> out{"--help"};
  for (const CLI::Option* opt : cmd.get_options()) {
    for (const auto& l : opt->get_lnames()) out.push_back("--" + l);
    for (const auto& s : opt->get_snames()) out.push_back("-" + s);
  }
  return out;
}

std::string join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : ", ") + w;
  return out;
}

bool contains(const std::vector<std::string>& words, const std::string& w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

}  // namespace

bool report_unknown_words(const CLI::App& app, int argc, char** argv) {
  if (argc < 2) return false;
  const std::vector<std::string> commands = subcommand_names(app);
  const std::string first = argv[1];
  if (first.empty() || first[0] == '-') return false;
  if (!contains(commands, first)) {
    std::string near = nearest_word(first, commands);
    std::cerr << "hukum: unknown command '" << first << "'"
              << (near.empty() ? "" : " (did you mean '" + near + "'?)") << "\n"
              << "Commands: " << join(commands) << "; `hukum --help` explains them\n";
    return true;
  }
  const CLI::App* cmd = app.get_subcommand(first);
  const std::vector<std::string> flags = flag_names(*cmd);
  for (int i = 2; i < argc; ++i) {
    std::string word = argv[i];
    if (word == "--") break;
    if (word.size() < 2 || word[0] != '-' || (word[1] >= '0' && word[1] <= '9')) continue;
    std::string name = word.substr(0, word.find('='));
    if (contains(flags, name)) continue;
    std::string near = nearest_word(name, flags);
    std::cerr << "hukum " << first << ": unknown flag '" << name << "'"
              << (near.empty() ? "" : " (did you mean '" + near + "'?)") << "\n"
              << "`hukum " << first << " --help` lists its flags\n";
    return true;
  }
  return false;
}

}  // namespace hukum::cli
