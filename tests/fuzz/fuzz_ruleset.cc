// Fuzz target: the ruleset loader (YAML, extends overlay, options, compile,
// describe) and, when the result loads without hooks, one deal between random
// bots with the invariant checks. Input: a base ruleset, optionally followed
// by "\n#---overlay\n" and an overlay that extends it. Every input must end in
// a ruleset or in diagnostics: no crash, no hang, no sanitizer report.
#include <cstring>
#include <string>

#include "fuzz_support.h"
#include "ruleset/describe.h"
#include "ruleset/loader.h"
#include "engine/invariants.h"
#include "session/matches/match.h"
#include "session/matches/players.h"
#include "session/matches/runner.h"

using namespace hukum;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  static const std::string marker = "\n#---overlay\n";
  std::string top = fuzz::write_file("game/base.yaml", text.substr(0, text.find(marker)));
  if (size_t at = text.find(marker); at != std::string::npos)
    top = fuzz::write_file("game/variants/over.yaml", "extends: ../base.yaml\n" + text.substr(at + marker.size()));
  LoadResult loaded = load_ruleset(LoadRequest{top, {}});
  if (loaded.ok() == !loaded.diagnostics.empty()) fuzz::fail("a ruleset both loaded and failed, or neither");
  if (!loaded.ruleset) return 0;
  const Ruleset& rules = *loaded.ruleset;
  (void)describe_ruleset(rules);
  if (rules.has_hooks()) return 0;  // no scripts in the scratch folder; hooks are fuzzed by fuzz_driver
  Match match(rules, 1, 1);
  if (!match.ok()) return 0;
  std::vector<RandomPlayer> bots;
  for (int s = 0; s < rules.seats; ++s) bots.emplace_back(uint64_t(s) + 7);
  std::vector<Player*> players;
  for (auto& b : bots) players.push_back(&b);
  std::string broken;
  RunHooks hooks;
  hooks.deal_done = [&](const Match& m) { broken = check_deal_end(m.state()); };
  run_match(match, players, hooks);
  // What validate accepts must play: a broken invariant is a finding.
  if (!broken.empty()) fuzz::fail("validated ruleset broke an invariant: " + broken);
  return 0;
}
