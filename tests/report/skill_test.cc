// Skill share (session/reports/skill.h) against answers worked out by hand on
// tests/fixtures/report/coin.yaml.
//
// Pure luck: in the coin flip (one card each) and in `lead_wins` (the leader
// always wins) nobody has a choice, so a skilled side scores what random play
// scores on every deal: an edge of exactly 0, with an interval of zero width.
//
// `game: two_cards` (A K Q J of spades, two each, two tricks; the winner of
// both tricks wins the deal, one each is a draw). The leader's choice never
// matters; the follower's does in two of the six hands (the leader holding
// A Q or K J): there the follower's best card turns a loss into a draw, or a
// draw into a win, where a random follower finds it half the time. A side's
// score (win 1, draw 1/2) then gains 1/2 x 1/2 = 1/4 in a third of the deals
// it follows, and it follows in half the deals over both seatings: an edge of
// 1/3 x 1/4 / 2 = 1/24, over a baseline of 1/2, so a skill share of 1/12.
#include <catch2/catch.hpp>

#include "session/reports/skill.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

SkillResult coin_skill(const std::string& game, long deals) {
  const Ruleset rules = test::load_bundled("tests/fixtures/report/coin.yaml", {{"game", game}});
  SimulationPlan plan;
  plan.deals = deals;
  plan.seed = 3;
  plan.threads = 2;
  SkillResult s = measure_skill(rules, plan, "ismcts:40");
  REQUIRE(s.error.empty());
  REQUIRE(s.pairs == 2 * deals);  // every deal, once per side
  return s;
}

}  // namespace

TEST_CASE("Skill share: a game of pure luck has none", "[report][skill]") {
  for (const char* game : {"coin", "lead_wins"}) {
    INFO(game);
    const SkillResult s = coin_skill(game, 300);
    CHECK(s.baseline() == Approx(0.5));  // two sides, no draws: each scores half
    CHECK(s.edge().value == 0);
    CHECK(s.edge().low == 0);
    CHECK(s.edge().high == 0);
    CHECK(s.share().value == 0);
  }
}

TEST_CASE("Skill share: the follower's choice in two_cards is worth 1/12", "[report][skill]") {
  const SkillResult s = coin_skill("two_cards", 3000);
  const Estimate e = s.edge(), share = s.share();
  INFO("edge " << e.value << " [" << e.low << ", " << e.high << "], share " << share.value << " [" << share.low
               << ", " << share.high << "], baseline " << s.baseline());
  CHECK(s.baseline() == Approx(0.5).margin(0.02));
  CHECK(e.low <= 1.0 / 24);
  CHECK(1.0 / 24 <= e.high);
  CHECK(e.low > 0.02);  // the skill is found, not just allowed
  CHECK(share.value == Approx(1.0 / 12).margin(0.02));
  // The JSON keeps the sums, and reading them back gives the same figures.
  const SkillResult back = skill_from_json(nlohmann::json::parse(skill_json(s).dump()));
  CHECK(back.edge().low == s.edge().low);
  CHECK(back.share().high == s.share().high);
  nlohmann::json forged = nlohmann::json::parse(skill_json(s).dump());
  forged["tally"]["edge_halves"][1] = 5 * s.pairs;
  CHECK_THROWS_AS(skill_from_json(forged), std::runtime_error);
}
