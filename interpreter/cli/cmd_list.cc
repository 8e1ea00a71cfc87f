// `hukum list`: the games of the library search path (each folder's
// <game>/<game>.yaml), their options with default and values, and their house
// rules (<game>/variants/*.yaml). What a person who installed hukum can play.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/common.h"
#include "ruleset/loader.h"

namespace hukum::cli {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> sorted_entries(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec))
    out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

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
  for (const auto& v : sorted_entries(file.parent_path() / "variants"))
    if (v.extension() == ".yaml") std::cout << "      house rule " << v.string() << "\n";
}

}  // namespace

Runner add_list(CLI::App& app) {
  auto* cmd = app.add_subcommand("list", "List the games of the library (installed, HUKUM_PATH, --lib-path) and their options");
  add_lib_path_flag(cmd);
  return [] {
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
