// Helpers for tests: load a bundled ruleset or a YAML text written to a
// temporary file, failing the test with the diagnostics when it does not load.
#pragma once

#include <initializer_list>
#include <map>
#include <string>

#include "ruleset/ruleset.h"

namespace hukum::test {

std::string repo_path(const std::string& relative);
Ruleset load_bundled(const std::string& relative, const std::map<std::string, std::string>& options = {});
// Writes `yaml` to a fresh file in the temp folder and loads it.
Ruleset load_text(const std::string& yaml, const std::map<std::string, std::string>& options = {});
// The cards named ("AS", "10H"), failing the test when one is not a card of the deck.
CardSet cards(const Ruleset& rules, std::initializer_list<const char*> texts);
// Every combination of every option's values.
std::vector<std::map<std::string, std::string>> option_combinations(const Ruleset& rules);
// Every combination while there are at most `limit`; beyond, the defaults and
// each value of each option alone (every value played, the product's cost not paid).
std::vector<std::map<std::string, std::string>> option_sets_at_most(const Ruleset& rules, size_t limit);

}  // namespace hukum::test
