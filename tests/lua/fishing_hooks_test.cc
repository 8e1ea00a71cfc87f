// Fishing hooks: layout cards a step_done hook groups (game.group) are taken
// together, the captured hook runs after a capture with the cards taken and
// only for the cards its binding names, and the points it adds are the deal's
// bonus. Chinese Ten's specials and the red-five bonus are built on these
// (rulesets/lib/fishing_specials.lua; their scenarios are in tests/scenarios).
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>

#include "engine/events.h"
#include "engine/state.h"
#include "script/lua_host.h"
#include "engine/invariants.h"
#include "lua/hooked_deal.h"
#include "support/quiet_sink.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

struct GroupsTable : test::HookedTable {
  explicit GroupsTable(const std::map<std::string, std::string>& options = {})
      : HookedTable("tests/fixtures/hooks/groups.yaml", options) {}
};

// What a capture by a red five should score, from the engine's own events.
struct RedFiveCaptures : test::QuietSink {
  const Ruleset& rules;
  std::array<int, kMaxSeats> expected{};
  explicit RedFiveCaptures(const Ruleset& r) : rules(r) {}
  void cards_captured(int seat, Card by, CardSet taken) override {
    const std::string text = by == kNoCard ? "" : rules.deck.card_text(by);
    if (text == "5H" || text == "5D") expected[size_t(rules.team_of[size_t(seat)])] += 100 * taken.size();
  }
};

}  // namespace

TEST_CASE("game.group: grouped layout cards leave the layout together, as one target", "[lua][fishing]") {
  GroupsTable t;
  int taken_together = 0;
  for (int deal = 0; deal < 300; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(500 + deal)};
    RedFiveCaptures captures(t.rules);
    t.game->set_sink(&captures);
    REQUIRE(t.game->start_deal(deal % 4, deal, rng) == "");
    const std::vector<CardSet> groups = t.game->layout_groups();
    REQUIRE(groups.size() == 1);
    const CardSet pair = groups[0];
    REQUIRE(pair.size() == 2);
    REQUIRE((t.game->layout() & pair) == pair);
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      // Never one on the layout and the other in a pile; taken by one seat.
      const CardSet on_layout = t.game->layout() & pair;
      CHECK((on_layout.empty() || on_layout == pair));
      if (on_layout.empty()) {
        int holders = 0;
        for (int s = 0; s < t.rules.seats; ++s) holders += (t.game->captured_by(s) & pair) == pair;
        CHECK(holders == 1);
      }
      // A choice of target offers the group as cards, but never splits it.
      CHECK(check_zones(*t.game) == "");
    }
    if ((t.game->layout() & pair).empty()) ++taken_together;
    CHECK(check_deal_end(*t.game) == "");
    // The captured hook scored exactly the red fives' captures: the deal's bonus.
    const DealResult& r = t.game->result();
    for (int team = 0; team < t.rules.teams; ++team) CHECK(r.bonus[size_t(team)] == captures.expected[size_t(team)]);
    t.game->set_sink(nullptr);
  }
  CHECK(taken_together > 150);  // most groups are captured, so the check above ran
}

TEST_CASE("game.group refusals name the reason", "[lua][fishing]") {
  for (auto [misuse, reason] : {std::pair{"one_card", "a group needs two or more cards"},
                                std::pair{"twice", "is already in a group"},
                                std::pair{"not_on_layout", "is not on the layout"}}) {
    GroupsTable t(std::map<std::string, std::string>{{"misuse", misuse}});
    Rng rng{3};
    const std::string error = t.game->start_deal(0, 0, rng);
    INFO(misuse);
    CHECK_THAT(error, Catch::Contains("'group' refused: ") && Catch::Contains(reason));
    CHECK_THAT(error, Catch::Contains("step_done"));
  }
  GroupsTable t;
  Rng rng{4};
  REQUIRE(t.game->start_deal(0, 0, rng) == "");
  CHECK_THAT(t.host.run("game.group({game.layout()[1], game.layout()[2]})", "t", t.game.get()),
             Catch::Contains("'group' refused: layout cards are grouped only in step_done"));
}

TEST_CASE("hooks of the fishing turn: every card in one place, the bonus counted once", "[lua][fishing]") {
  // tests/fixtures/fishing/turn_hooks.yaml: card_played, captured (a bonus of
  // 10 and a card moved), refilled, over random deals of Scopa.
  test::HookedTable t("tests/fixtures/fishing/turn_hooks.yaml");
  int refills = 0, captures = 0;
  for (int deal = 0; deal < 300; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(900 + deal)};
    REQUIRE(t.game->start_deal(deal % 2, deal, rng) == "");
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      CHECK(check_zones(*t.game) == "");
    }
    CHECK(check_deal_end(*t.game) == "");
    const DealResult& r = t.game->result();
    for (int team = 0; team < t.rules.teams; ++team) {
      const size_t i = size_t(team);
      // game points = card points + bonus + sweeps + majorities: the bonus once.
      CHECK(r.game_points[i] == r.points[i] + r.bonus[i] + r.sweeps[i] * t.rules.fishing.sweep_points + r.majority[i]);
      CHECK(r.bonus[i] % 10 == 0);
      captures += r.bonus[i] / 10;
    }
    const VarValue* seen = t.game->vars().find("refills");
    refills += seen ? int(seen->integer) : 0;
  }
  CHECK(captures > 300);  // the captured hook ran, and its points are in the checks above
  CHECK(refills > 300);   // so did refilled: Scopa refills hands five times a deal
}

TEST_CASE("a fishing hook that changes how many cards a seat holds is refused by name", "[lua][fishing]") {
  test::HookedTable t("tests/fixtures/fishing/turn_hooks.yaml", {{"magpie", "hand_card"}});
  std::string error;
  for (int deal = 0; deal < 20 && error.empty(); ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(deal)};
    REQUIRE(t.game->start_deal(0, deal, rng) == "");
    while (!t.game->deal_over() && error.empty()) {
      const LegalActions& legal = t.game->legal();
      error = t.game->apply(legal.at(int(bot.below(uint32_t(legal.count())))));
    }
  }
  CHECK_THAT(error, Catch::Contains("hook 'captured': game.move changed how many cards"));
}

TEST_CASE("cards.deck and cards.captures read the deck and the capture table", "[lua][fishing]") {
  GroupsTable t;
  CHECK(t.host.run("assert(#cards.deck() == 52 and cards.deck()[1] == 'AS')", "t", nullptr) == "");
  // A 3 pairs with the four 7s; a king takes only kings; a 5 the other fives.
  CHECK(t.host.run("assert(table.concat(cards.captures('3H'), ' ') == '7S 7H 7D 7C')", "t", nullptr) == "");
  CHECK(t.host.run("assert(table.concat(cards.captures('KH'), ' ') == 'KS KD KC')", "t", nullptr) == "");
  CHECK(t.host.run("assert(table.concat(cards.captures('5H'), ' ') == '5S 5D 5C')", "t", nullptr) == "");
}

}  // namespace hukum
