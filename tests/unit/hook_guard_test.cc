// The engine's guards against hooks that misbehave: a word offered or asked
// for forever stops with an error instead of hanging; a deal ended in the
// middle of a trick keeps every card in a zone.
#include <catch2/catch.hpp>

#include "engine/invariants.h"
#include "session/matches/runner.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

RunResult play_random(const Ruleset& rules, std::string* zone_error) {
  Match match(rules, 7, 5);
  REQUIRE(match.ok());
  std::vector<RandomPlayer> bots;
  for (int s = 0; s < rules.seats; ++s) bots.emplace_back(100 + uint64_t(s));
  std::vector<Player*> players;
  for (auto& b : bots) players.push_back(&b);
  RunHooks hooks;
  hooks.deal_done = [&](const Match& m) {
    if (zone_error->empty()) *zone_error = check_deal_end(m.state());
  };
  return run_match(match, players, hooks);
}

}  // namespace

TEST_CASE("a hook word offered forever stops with an error, not a hang", "[unit][hooks]") {
  Ruleset rules = test::load_bundled("tests/fixtures/hooks/offer_forever.yaml");
  std::string zones;
  RunResult r = play_random(rules, &zones);
  REQUIRE(r.outcome == RunOutcome::Failed);
  CHECK_THAT(r.error, Catch::Matchers::Contains("action 'again' chosen after 64 hook actions in a row"));
}

TEST_CASE("hooks asking each other forever stop with an error, not a hang", "[unit][hooks]") {
  Ruleset rules = test::load_bundled("tests/fixtures/hooks/ask_forever.yaml");
  std::string zones;
  RunResult r = play_random(rules, &zones);
  REQUIRE(r.outcome == RunOutcome::Failed);
  CHECK_THAT(r.error, Catch::Matchers::Contains("its hooks make no progress"));
}

TEST_CASE("a deal ended during a trick sets the trick's cards aside", "[unit][hooks]") {
  Ruleset rules = test::load_bundled("tests/fixtures/hooks/stop_mid_trick.yaml");
  std::string zones;
  RunResult r = play_random(rules, &zones);
  REQUIRE(r.outcome == RunOutcome::Finished);
  CHECK(zones == "");
}
