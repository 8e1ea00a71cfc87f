// The library search path (see library_path.h). The installed library is found
// from the executable's own location, so an installed tree can be moved or
// installed under any prefix (`cmake --install build --prefix DIR`).
#include "cli/library_path.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace hukum::cli {

namespace fs = std::filesystem;

std::string installed_library_dir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  fs::path installed = (exe.parent_path() / HUKUM_LIBRARY_FROM_BIN).lexically_normal();
  if (fs::is_directory(installed, ec)) return installed.string();
  // hukum run from its build folder sees the source tree's rulesets; an
  // installed copy never does (its library is only the installed one).
  if (fs::equivalent(exe.parent_path(), fs::path(HUKUM_BINARY_DIR), ec)) {
    fs::path source = fs::path(HUKUM_SOURCE_DIR) / "rulesets";
    if (fs::is_directory(source, ec)) return source.string();
  }
  return "";
}

std::string installed_rules_docs_dir() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  fs::path installed = (exe.parent_path() / HUKUM_RULES_DOCS_FROM_BIN).lexically_normal();
  if (fs::is_directory(installed, ec)) return installed.string();
  if (fs::equivalent(exe.parent_path(), fs::path(HUKUM_BINARY_DIR), ec)) {
    fs::path source = fs::path(HUKUM_SOURCE_DIR) / "docs" / "rules";
    if (fs::is_directory(source, ec)) return source.string();
  }
  return "";
}

std::vector<std::string> library_search_path(const std::vector<std::string>& lib_paths) {
  std::vector<std::string> out;
  if (const char* env = std::getenv("HUKUM_PATH")) {
    std::stringstream ss(env);
    for (std::string dir; std::getline(ss, dir, ':');)
      if (!dir.empty()) out.push_back(dir);
  }
  for (const auto& dir : lib_paths)
    if (!dir.empty()) out.push_back(dir);
  std::string installed = installed_library_dir();
  if (!installed.empty()) out.push_back(installed);
  return out;
}

}  // namespace hukum::cli
