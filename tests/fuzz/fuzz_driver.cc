// Fuzz target: a random legal/illegal action driver over every bundled ruleset
// and option set, hooks included. Input: a byte choosing the ruleset, eight
// bytes of seed, then one byte per decision: below 192 picks a legal action,
// otherwise an action built from the next byte (mostly illegal). Illegal
// actions must be refused without changing the state; the zones must hold
// after every action and the deal-end invariants after every deal.
#include "engine/action.h"
#include "fuzz_support.h"
#include "engine/invariants.h"
#include "session/matches/match.h"

using namespace hukum;

namespace {

Action built_from(uint8_t byte, const Ruleset& rules) {
  Action a;
  a.kind = ActionKind(byte % 8);  // every ActionKind, Choose included
  a.card = Card(byte % std::max<size_t>(rules.deck.cards.size(), 1));
  a.word = uint8_t(byte % std::max<size_t>(rules.action_words.size(), 1));
  a.value = int16_t(byte);
  return a;
}

}  // namespace

// The bundled rulesets are loaded before fuzzing starts, outside the per-input timeout.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)fuzz::bundled_rulesets();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 9) return 0;
  const auto& all = fuzz::bundled_rulesets();
  const Ruleset& rules = all[data[0] % all.size()];
  uint64_t seed = 0;
  for (int i = 1; i <= 8; ++i) seed = seed << 8 | data[i];
  Match match(rules, seed, 2);
  if (!match.ok()) fuzz::fail("a bundled ruleset's hooks do not load: " + match.load_problems().to_string());
  size_t at = 9;
  while (!match.over() && at < size) {
    if (std::string err = match.start_deal(); !err.empty()) return 0;  // e.g. no playable layout
    GameState& state = match.state();
    while (!state.deal_over() && at < size) {
      const LegalActions& legal = state.legal();
      if (legal.count() == 0) fuzz::fail("no legal action while the deal goes on");
      uint8_t byte = data[at++];
      Action a = byte < 192 || at >= size ? legal.at(byte % legal.count()) : built_from(data[at++], rules);
      const bool expected = legal.contains(a);
      if (!state.try_apply(a)) {
        if (expected && !state.error().empty() && state.error().find("hook") == std::string::npos)
          fuzz::fail("a legal action (" + action_text(rules, a) + ") was refused: " + state.error());
        if (expected) return 0;  // a hook stopped the game: an error, reported as such
        continue;
      }
      if (!expected) fuzz::fail("an illegal action was applied: " + action_text(rules, a));
      if (std::string z = check_zones(state); !z.empty()) fuzz::fail("zones after " + action_text(rules, a) + ": " + z);
    }
    if (!state.deal_over()) return 0;
    if (std::string err = check_deal_end(state); !err.empty()) fuzz::fail("deal end: " + err);
    if (!match.finish_deal().empty()) return 0;
  }
  return 0;
}
