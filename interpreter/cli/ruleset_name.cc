// Rulesets by name (see ruleset_name.h): the names are read from the folders
// of the library search path each time, never from a list kept here.
#include "cli/ruleset_name.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/common.h"
#include "diag/diagnostic.h"
#include "ruleset/doc.h"

namespace hukum::cli {

namespace fs = std::filesystem;

std::vector<fs::path> sorted_entries(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

bool is_ruleset_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && (p.extension() == ".yaml" || p.extension() == ".yml");
}

// Names a person would have meant: a typo of one (the did-you-mean distance),
// or names that begin with what was typed (the first word of a hyphenated
// name, or "GAME/" for the game's house rules). A few, not the whole library.
std::vector<std::string> close_names(const std::string& arg, const std::vector<LibraryRuleset>& all) {
  constexpr size_t kShown = 6;
  std::vector<std::string> out;
  auto add = [&](const std::string& name) {
    if (out.size() < kShown && std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  };
  for (const auto& r : all)
    if (!nearest_word(arg, {r.name}).empty()) add(r.name);
  const std::string game = arg.substr(0, arg.find('/'));
  for (const auto& r : all)
    if (!arg.empty() && (r.name.rfind(arg, 0) == 0 || r.name.rfind(game + "/", 0) == 0)) add(r.name);
  return out;
}

}  // namespace

std::vector<LibraryRuleset> library_rulesets(const std::vector<std::string>& search_path) {
  std::vector<LibraryRuleset> games, rules;
  auto known = [&](const std::string& name) {
    auto same = [&](const LibraryRuleset& r) { return r.name == name; };
    return std::any_of(games.begin(), games.end(), same) || std::any_of(rules.begin(), rules.end(), same);
  };
  for (const auto& dir : search_path) {
    for (const fs::path& folder : sorted_entries(dir)) {
      const std::string game = folder.filename().string();
      const fs::path file = folder / (game + ".yaml");
      if (!is_ruleset_file(file) || known(game)) continue;
      games.push_back({game, file.string()});
      for (const fs::path& variant : sorted_entries(folder / "variants"))
        if (is_ruleset_file(variant) && !known(game + "/" + variant.stem().string()))
          rules.push_back({game + "/" + variant.stem().string(), variant.string()});
    }
  }
  games.insert(games.end(), rules.begin(), rules.end());
  return games;
}

std::string resolve_ruleset(const std::string& arg, const std::vector<std::string>& search_path, bool folders,
                            std::string* problem) {
  // A path that exists wins whatever it is: a device or a FIFO is the
  // loader's to refuse, with its reason. Only a folder where a file is wanted
  // may still be a name (`hukum play GAME` run inside a library folder).
  std::error_code ec;
  const bool folder = fs::is_directory(arg, ec);
  if (fs::exists(arg, ec) && (folders || !folder)) return arg;
  const std::vector<LibraryRuleset> all = library_rulesets(search_path);
  for (const auto& r : all)
    if (r.name == arg) return r.path;
  const std::string shown = "'" + printable_text(arg) + "'";
  if (folder)
    *problem = shown + " is a folder; name a ruleset file or a game";
  else if (search_path.empty())
    *problem = "no file " + shown + ", and no library to look the name up in (set HUKUM_PATH or pass --lib-path)";
  else
    *problem = "no file or game named " + shown;
  std::vector<std::string> near = close_names(arg, all);
  for (std::string& name : near) name = "'" + name + "'";
  if (!near.empty()) *problem += " (did you mean " + comma_list(near) + "?)";
  if (!search_path.empty()) *problem += "; `hukum list` shows the games and their house rules";
  return "";
}

bool resolve_ruleset_args(std::vector<std::string>* args, bool folders) {
  const std::vector<std::string> path = search_path();
  bool ok = true;
  for (std::string& arg : *args) {
    std::string problem;
    std::string file = resolve_ruleset(arg, path, folders, &problem);
    if (file.empty()) {
      std::cerr << "hukum: " << problem << "\n";
      ok = false;
    } else {
      arg = file;
    }
  }
  return ok;
}

bool resolve_ruleset_arg(std::string* arg) {
  std::vector<std::string> one{*arg};
  if (!resolve_ruleset_args(&one, false)) return false;
  *arg = one.front();
  return true;
}

}  // namespace hukum::cli
