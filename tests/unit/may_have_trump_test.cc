// Ruleset::may_have_trump: whether a deal can ever have a trump, which decides
// if the terminal table shows "Trump: not set" (one may come) or "No trump".
#include <catch2/catch.hpp>

#include "support/test_rulesets.h"

namespace hukum {

TEST_CASE("a game without trump method, trump steps or hooks that run in the deal has no trump", "[unit]") {
  const Ruleset hearts = test::load_bundled("rulesets/hearts/hearts.yaml");
  for (const auto& options : test::option_combinations(hearts))
    CHECK_FALSE(test::load_bundled("rulesets/hearts/hearts.yaml", options).may_have_trump());
}

TEST_CASE("every other trick-taking game may have a trump", "[unit]") {
  for (const char* file : {"rulesets/mendikot/mendikot.yaml", "rulesets/twenty-eight/twenty-eight.yaml",
                           "rulesets/oh-hell/oh-hell.yaml", "rulesets/euchre/euchre.yaml", "rulesets/truf/truf.yaml",
                           "rulesets/mpourloto/mpourloto.yaml", "rulesets/belote/belote.yaml",
                           "rulesets/pinochle/pinochle.yaml", "rulesets/spades/spades.yaml",
                           "rulesets/sheepshead/sheepshead.yaml",
                           "rulesets/five-hundred/five-hundred.yaml", "rulesets/jass/jass.yaml",
                           "rulesets/twenty-nine/twenty-nine.yaml"}) {
    INFO(file);
    const Ruleset base = test::load_bundled(file);
    for (const auto& options : test::option_combinations(base)) CHECK(test::load_bundled(file, options).may_have_trump());
  }
}

TEST_CASE("a hook that runs during the deal may set a trump; one at its scoring may not", "[unit]") {
  const std::string hearts = test::repo_path("rulesets/hearts/hearts.yaml");
  CHECK(test::load_text("extends: " + hearts + "\nhooks: {trick_done: {call: hearts.deal_scored}}\n").may_have_trump());
  CHECK_FALSE(test::load_text("extends: " + hearts + "\nhooks: {match_over: {call: hearts.deal_scored}}\n").may_have_trump());
}

}  // namespace hukum
