#include "support/test_rulesets.h"

#include <atomic>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "ruleset/loader.h"

namespace hukum::test {

CardSet cards(const Ruleset& r, std::initializer_list<const char*> texts) {
  CardSet out;
  for (const char* t : texts) {
    const Card c = r.deck.parse_card(t);
    REQUIRE(c != kNoCard);
    out.add(c);
  }
  return out;
}

std::string repo_path(const std::string& relative) { return std::string(HUKUM_SOURCE_DIR) + "/" + relative; }

static Ruleset load_or_fail(const std::string& path, const std::map<std::string, std::string>& options) {
  LoadResult r = load_ruleset(LoadRequest{path, options});
  INFO(r.diagnostics.to_string());
  REQUIRE(r.ruleset.has_value());
  return std::move(*r.ruleset);
}

Ruleset load_bundled(const std::string& relative, const std::map<std::string, std::string>& options) {
  return load_or_fail(repo_path(relative), options);
}

Ruleset load_text(const std::string& yaml, const std::map<std::string, std::string>& options) {
  static std::atomic<int> counter{0};
  auto dir = std::filesystem::temp_directory_path() / "hukum-tests";
  std::filesystem::create_directories(dir);
  auto path = dir / ("ruleset-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".yaml");
  std::ofstream(path) << yaml;
  return load_or_fail(path.string(), options);
}

std::vector<std::map<std::string, std::string>> option_combinations(const Ruleset& rules) {
  std::vector<std::map<std::string, std::string>> out{{}};
  for (const auto& def : rules.options) {
    std::vector<std::map<std::string, std::string>> next;
    for (const auto& partial : out)
      for (const auto& v : def.values) {
        auto m = partial;
        m[def.name] = v;
        next.push_back(m);
      }
    out.swap(next);
  }
  return out;
}

std::vector<std::map<std::string, std::string>> option_sets_at_most(const Ruleset& rules, size_t limit) {
  size_t product = 1;
  for (const auto& def : rules.options) product = std::min(product * std::max<size_t>(1, def.values.size()), limit + 1);
  if (product <= limit) return option_combinations(rules);
  std::vector<std::map<std::string, std::string>> out{{}};
  for (const auto& def : rules.options)
    for (const auto& v : def.values)
      if (v != def.default_value) out.push_back({{def.name, v}});
  return out;
}

}  // namespace hukum::test
