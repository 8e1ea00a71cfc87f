// The library search path (see library_path.h). The installed library is found
// from the executable's own location, so an installed tree can be moved or
// installed under any prefix (`cmake --install build --prefix DIR`).
#include "cli/library_path.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace hukum::cli {

namespace fs = std::filesystem;

namespace {

// A folder installed at `from_bin` relative to the running hukum; or, for a
// hukum run from its build folder, the source tree's `in_source`. An
// installed copy never sees the source tree (its files are only the installed ones).
std::string installed_dir(const char* from_bin, const fs::path& in_source) {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  fs::path installed = (exe.parent_path() / from_bin).lexically_normal();
  if (fs::is_directory(installed, ec)) return installed.string();
  if (fs::equivalent(exe.parent_path(), fs::path(HUKUM_BINARY_DIR), ec)) {
    fs::path source = fs::path(HUKUM_SOURCE_DIR) / in_source;
    if (fs::is_directory(source, ec)) return source.string();
  }
  return "";
}

}  // namespace

std::string installed_library_dir() { return installed_dir(HUKUM_LIBRARY_FROM_BIN, "rulesets"); }

std::string installed_rules_docs_dir() { return installed_dir(HUKUM_RULES_DOCS_FROM_BIN, fs::path("docs") / "rules"); }

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
