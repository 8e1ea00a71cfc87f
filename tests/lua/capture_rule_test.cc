// The capture_rule hook (fishing): Lua gives the sets of layout cards an
// arriving card may take (game.capture_sets), and play follows the answer.
// Fixture: tests/fixtures/fishing/pile_capture.yaml; worked examples are the
// scenarios in tests/scenarios/capture-rule/.
#include <catch2/catch.hpp>

#include "engine/invariants.h"
#include "lua/hooked_deal.h"
#include "support/quiet_sink.h"

namespace hukum {

namespace {

// Checks each capture against the pile rule, from the engine's own events:
// the layout as it was before the capture must leave whole.
struct PileCaptures : test::QuietSink {
  CardSet layout_before;
  int whole = 0, partial = 0;
  void cards_captured(int /*seat*/, Card by, CardSet taken) override {
    if (by == kNoCard) return;  // the layout's rest going to the last capturer
    (taken == layout_before ? whole : partial)++;
  }
};

}  // namespace

TEST_CASE("capture_rule: every capture is the hook's set, every card in one place", "[lua][fishing][capture_rule]") {
  test::HookedTable t("tests/fixtures/fishing/pile_capture.yaml");
  PileCaptures captures;
  t.game->set_sink(&captures);
  int sweeps = 0;
  for (int deal = 0; deal < 300; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(900 + deal)};
    REQUIRE(t.game->start_deal(deal % 2, deal, rng) == "");
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(legal.count() > 0);
      captures.layout_before = t.game->layout();
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      CHECK(check_zones(*t.game) == "");
    }
    CHECK(check_deal_end(*t.game) == "");
    for (int s = 0; s < t.rules.seats; ++s) sweeps += t.game->result().sweeps[size_t(s)];
  }
  // The pile rule takes the whole layout or nothing; the turned-up stock card
  // does not play in Scopa, so the layout before the action is the one taken.
  CHECK(captures.whole > 1000);
  CHECK(captures.partial == 0);
  CHECK(sweeps > 1000);  // every capture empties the layout (the last play's sweep does not count)
}

TEST_CASE("capture_rule: a choice among the hook's sets offers only their cards", "[lua][fishing][capture_rule]") {
  test::HookedTable t("tests/fixtures/fishing/pile_capture.yaml", {{"rule", "rank_choice"}});
  int choices = 0;
  for (int deal = 0; deal < 200; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(700 + deal)};
    REQUIRE(t.game->start_deal(deal % 2, deal, rng) == "");
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      if (!t.game->pending().empty()) {
        ++choices;
        // Only layout cards of the pending card's rank, never `pass` (compulsory).
        const int rank = t.rules.deck.cards[t.game->pending().first()].rank;
        for (int i = 0; i < legal.count(); ++i) {
          const Action a = legal.at(i);
          REQUIRE(a.card != kNoCard);
          CHECK(t.rules.deck.cards[a.card].rank == rank);
          CHECK(t.game->layout().contains(a.card));
        }
        CHECK(legal.count() >= 2);
      }
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      CHECK(check_zones(*t.game) == "");
    }
    CHECK(check_deal_end(*t.game) == "");
  }
  CHECK(choices > 20);
}

TEST_CASE("capture_rule misuses are refused by name", "[lua][fishing][capture_rule]") {
  for (auto [rule, reason] :
       {std::pair{"nested", "are one inside the other"}, std::pair{"off_layout", "is not on the layout"}}) {
    test::HookedTable t("tests/fixtures/fishing/pile_capture.yaml", {{"rule", rule}});
    std::string error;
    for (int deal = 0; deal < 50 && error.empty(); ++deal) {
      Rng rng{uint64_t(deal)}, bot{uint64_t(deal)};
      REQUIRE(t.game->start_deal(0, deal, rng) == "");
      while (!t.game->deal_over() && error.empty()) {
        const LegalActions& legal = t.game->legal();
        error = t.game->apply(legal.at(int(bot.below(uint32_t(legal.count())))));
      }
    }
    INFO(rule);
    CHECK_THAT(error, Catch::Contains("'capture_sets' refused: ") && Catch::Contains(reason));
    CHECK_THAT(error, Catch::Contains("capture_rule") && Catch::Contains("pile_capture.lua:"));
  }
  // Outside capture_rule the call is refused too.
  test::HookedTable t("tests/fixtures/fishing/pile_capture.yaml");
  Rng rng{1};
  REQUIRE(t.game->start_deal(0, 0, rng) == "");
  CHECK_THAT(t.host.run("game.capture_sets({})", "t", t.game.get()),
             Catch::Contains("capture sets are given only in capture_rule"));
}

}  // namespace hukum
