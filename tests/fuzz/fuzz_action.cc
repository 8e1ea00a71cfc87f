// Fuzz target: the action parser. Input: one byte choosing a bundled ruleset
// (with options), then action text. Whatever parses must print back to text
// that parses to the same action, and applying it to a fresh deal must agree
// with the legal-action set.
#include "engine/action.h"
#include "fuzz_support.h"
#include "session/matches/match.h"

using namespace hukum;

// The bundled rulesets are loaded before fuzzing starts, outside the per-input timeout.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)fuzz::bundled_rulesets();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const auto& all = fuzz::bundled_rulesets();
  const Ruleset& rules = all[data[0] % all.size()];
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  Action a;
  std::string why;
  if (!parse_action(rules, text, &a, &why)) {
    if (why.empty()) fuzz::fail("a refused action without a reason");
    return 0;
  }
  Action again;
  if (!parse_action(rules, action_text(rules, a), &again, &why) || !(again == a))
    fuzz::fail("'" + action_text(rules, a) + "' does not parse back to itself");
  Match match(rules, 3, 1);
  if (!match.ok() || !match.start_deal().empty()) return 0;
  GameState& state = match.state();
  const bool legal = state.legal().contains(a);
  if (state.try_apply(a) != legal) fuzz::fail("try_apply disagrees with legal() for '" + action_text(rules, a) + "'");
  return 0;
}
