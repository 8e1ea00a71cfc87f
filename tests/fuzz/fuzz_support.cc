// Helpers of the fuzz targets (see fuzz_support.h).
#include "fuzz_support.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "ruleset/loader.h"

namespace hukum::fuzz {

namespace fs = std::filesystem;

const std::string& scratch_dir() {
  static const std::string dir = [] {
    fs::path base = fs::exists("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    fs::path d = base / ("hukum-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(d);
    std::error_code ec;
    for (const char* name : {"rulesets", "tests"})
      fs::create_directory_symlink(fs::path(HUKUM_SOURCE_DIR) / name, d / name, ec);
    return d.string();
  }();
  return dir;
}

std::string write_file(const std::string& relative, const uint8_t* data, size_t size) {
  fs::path p = fs::path(scratch_dir()) / relative;
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data), std::streamsize(size));
  return p.string();
}

std::string write_file(const std::string& relative, const std::string& text) {
  return write_file(relative, reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

namespace {

std::vector<std::map<std::string, std::string>> combinations(const Ruleset& rules) {
  std::vector<std::map<std::string, std::string>> out{{}};
  for (const auto& def : rules.options) {
    std::vector<std::map<std::string, std::string>> next;
    for (const auto& partial : out)
      for (const auto& value : def.values) {
        auto more = partial;
        more[def.name] = value;
        next.push_back(more);
      }
    out = next;
  }
  return out;
}

}  // namespace

const std::vector<Ruleset>& bundled_rulesets() {
  static const std::vector<Ruleset> all = [] {
    std::vector<Ruleset> out;
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(HUKUM_SOURCE_DIR) / "rulesets"))
      if (e.path().extension() == ".yaml") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      LoadResult first = load_ruleset(LoadRequest{f, {}});
      if (!first.ruleset) fail("bundled ruleset does not load: " + f + "\n" + first.diagnostics.to_string());
      for (const auto& options : combinations(*first.ruleset)) {
        LoadResult r = load_ruleset(LoadRequest{f, options});
        if (r.ruleset) out.push_back(std::move(*r.ruleset));  // some combinations are refused by design
      }
    }
    return out;
  }();
  return all;
}

void fail(const std::string& what) {
  std::fprintf(stderr, "hukum fuzz: %s\n", what.c_str());
  std::abort();
}

}  // namespace hukum::fuzz
