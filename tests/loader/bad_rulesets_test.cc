// Every tests/loader/bad/*.yaml must fail to load with exactly the diagnostics
// of its .err file: the wording and positions of errors are part of the user
// interface. A first line `# request: name=value ...` gives the options asked for.
// HUKUM_REGEN_ERR=1 rewrites the .err files from the actual output (review the diff).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ruleset/loader.h"

using namespace hukum;
namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::map<std::string, std::string> requested_options(const std::string& yaml) {
  std::map<std::string, std::string> options;
  const std::string marker = "# request:";
  if (yaml.rfind(marker, 0) != 0) return options;
  std::istringstream words(yaml.substr(marker.size(), yaml.find('\n') - marker.size()));
  std::string word;
  while (words >> word) {
    size_t eq = word.find('=');
    options[word.substr(0, eq)] = word.substr(eq + 1);
  }
  return options;
}

// Diagnostics name files as given; the .err files name them from the repo root.
std::string relative_to_repo(std::string text) {
  const std::string root = std::string(HUKUM_SOURCE_DIR) + "/";
  for (size_t at; (at = text.find(root)) != std::string::npos;) text.erase(at, root.size());
  return text;
}

std::vector<fs::path> bad_fixtures() {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(fs::path(HUKUM_TEST_DIR) / "loader" / "bad"))
    if (entry.path().extension() == ".yaml") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("bad rulesets report exactly the expected diagnostics", "[loader]") {
  std::vector<fs::path> fixtures = bad_fixtures();
  REQUIRE(fixtures.size() >= 8);
  for (const auto& yaml : fixtures) {
    SECTION(yaml.filename().string()) {
      fs::path err = yaml;
      err.replace_extension(".err");
      REQUIRE((fs::exists(err) || std::getenv("HUKUM_REGEN_ERR")));
      LoadRequest request{yaml.string(), requested_options(read_text(yaml)),
                          std::string(HUKUM_TEST_DIR) + "/loader/lib"};
      LoadResult result = load_ruleset(request);
      std::string actual = relative_to_repo(result.diagnostics.to_string());
      if (std::getenv("HUKUM_REGEN_ERR")) std::ofstream(err) << actual;
      CHECK_FALSE(result.ok());
      CHECK(actual == read_text(err));
    }
  }
}
