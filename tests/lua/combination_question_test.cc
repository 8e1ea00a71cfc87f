// The question at the end of a fishing turn (combination_scored, game.ask,
// game.end_deal): Koi-Koi's stop or koi-koi over random deals. A question comes
// only after a turn that raised its player's yaku points, only the player who
// stopped scores, and every deal keeps its cards in their zones. The worked
// examples are tests/scenarios/koikoi/ and tests/scenarios/fishing-combinations/.
#include <catch2/catch.hpp>

#include "engine/combinations.h"
#include "engine/invariants.h"
#include "lua/hooked_deal.h"

namespace hukum {

namespace {

int side_points(const GameState& g, int seat) { return combination_points(g.ruleset().fishing, g.captured_by(seat)); }

bool asked(const GameState& g) { return !g.deal_over() && g.legal().cards.empty() && !g.legal().words.empty(); }

}  // namespace

TEST_CASE("koi-koi: a question follows a rise of the asker's yaku points; only the stopper scores", "[lua][fishing]") {
  test::HookedTable t("rulesets/koikoi/koikoi.yaml");
  int questions = 0, stops = 0, exhausted = 0;
  for (int deal = 0; deal < 300; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(900 + deal)};
    REQUIRE(t.game->start_deal(deal % 2, deal, rng) == "");
    std::array<int, 2> at_last_question{0, 0};
    while (!t.game->deal_over()) {
      if (asked(*t.game)) {
        const int seat = t.game->to_move();
        const int now = side_points(*t.game, seat);
        CHECK(now > at_last_question[size_t(seat)]);  // a rise since its last question
        at_last_question[size_t(seat)] = now;
        ++questions;
      }
      const LegalActions& legal = t.game->legal();
      REQUIRE(legal.count() > 0);
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      REQUIRE(check_zones(*t.game) == "");
    }
    CHECK(check_deal_end(*t.game) == "");
    const DealResult& r = t.game->result();
    REQUIRE(r.combinations.size() == 2);
    if (r.winner_team < 0) {
      ++exhausted;
      CHECK(r.game_points == std::vector<int>{0, 0});
      CHECK(!r.ended_early);
      continue;
    }
    stops += r.ended_early;
    const int w = r.winner_team;
    CHECK(r.combinations[size_t(w)] > 0);
    CHECK(r.game_points[size_t(w)] >= r.combinations[size_t(w)]);
    CHECK(r.game_points[size_t(1 - w)] == 0);
  }
  // Random play stops about half of the time it is asked.
  CHECK(questions > 150);
  CHECK(stops > 50);
  CHECK(exhausted > 5);
}

TEST_CASE("koi-koi: the question's two answers, taken on copies: one ends the deal", "[lua][fishing]") {
  // Koi-Koi asks only from combination_scored; copies of a state waiting for
  // the answer take each answer, and the original is untouched.
  test::HookedTable t("rulesets/koikoi/koikoi.yaml");
  for (int deal = 0; deal < 200; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(deal)};
    REQUIRE(t.game->start_deal(0, deal, rng) == "");
    while (!t.game->deal_over() && !asked(*t.game))
      REQUIRE(t.game->apply(t.game->legal().at(int(bot.below(uint32_t(t.game->legal().count())))) ) == "");
    if (t.game->deal_over()) continue;
    // Two answers: one (stop) ends the deal on its copy, the other plays on.
    REQUIRE(t.game->legal().count() == 2);
    int ended = 0;
    for (int i = 0; i < 2; ++i) {
      GameState copy(*t.game);
      REQUIRE(copy.apply(t.game->legal().at(i)) == "");
      ended += copy.deal_over();
    }
    CHECK(ended == 1);
    CHECK(!t.game->deal_over());
    return;
  }
  FAIL("no deal asked a question");
}

TEST_CASE("a fishing game may not ask or end the deal from another hook than combination_scored", "[lua][fishing]") {
  for (auto [misuse, reason] :
       {std::pair{"ask_in_captured", "a fishing game asks a seat only at the end of a turn (combination_scored)"},
        std::pair{"end_in_captured", "a fishing deal can only be ended at the end of a turn"}}) {
    INFO(misuse);
    test::HookedTable t("tests/fixtures/fishing/combinations.yaml", {{"misuse", misuse}});
    std::string error;
    for (int deal = 0; deal < 50 && error.empty(); ++deal) {
      Rng rng{uint64_t(deal)}, bot{uint64_t(deal)};
      REQUIRE(t.game->start_deal(0, deal, rng) == "");
      while (!t.game->deal_over() && error.empty())
        error = t.game->apply(t.game->legal().at(int(bot.below(uint32_t(t.game->legal().count())))));
    }
    CHECK_THAT(error, Catch::Contains(reason) && Catch::Contains("captured") && Catch::Contains("combinations.lua:"));
  }
}

}  // namespace hukum
