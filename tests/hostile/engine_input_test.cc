// The engine under a driver that mixes illegal and legal actions (what
// fuzz_driver does): a refused action leaves no trace on the next one.
#include <catch2/catch.hpp>

#include "session/matches/match.h"
#include "support/test_rulesets.h"

using namespace hukum;

TEST_CASE("a legal action after a refused one is applied (no stale error)", "[hostile]") {
  Ruleset rules = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", "cut_hukum"}});
  Match match(rules, 5, 1);
  REQUIRE(match.start_deal() == "");
  GameState& state = match.state();
  for (int step = 0; step < 20 && !state.deal_over(); ++step) {
    Action illegal;
    illegal.kind = ActionKind::Raise;
    illegal.value = 208;
    REQUIRE_FALSE(state.legal().contains(illegal));
    CHECK_FALSE(state.try_apply(illegal));
    CHECK_FALSE(state.error().empty());
    const Action legal = state.legal().at(0);
    INFO(action_text(rules, legal) << ": " << state.error());
    REQUIRE(state.try_apply(legal));
  }
}

TEST_CASE("an action word the ruleset does not have is refused, not thrown", "[hostile]") {
  // Found by fuzz_driver: action_text threw std::out_of_range while try_apply wrote the refusal.
  Ruleset rules = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", "cut_hukum"}});
  Match match(rules, 5, 1);
  REQUIRE(match.start_deal() == "");
  Action word;
  word.kind = ActionKind::Extra;
  word.word = 200;
  CHECK_FALSE(match.state().try_apply(word));
  CHECK_THAT(match.state().error(), Catch::Matchers::Contains("(action word #200)"));
}
