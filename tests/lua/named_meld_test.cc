// Melds a hook declares (melds.named, game.meld): Belote's king and queen of
// trumps declared as the second is played. Fixture:
// tests/fixtures/melds/named.yaml; the worked example is the scenario
// tests/scenarios/melds/named_meld_declared_by_hook.yaml.
#include <catch2/catch.hpp>

#include "engine/invariants.h"
#include "lua/hooked_deal.h"

namespace hukum {

TEST_CASE("game.meld: each couple of trumps played by one seat is one meld of 20 for its side", "[lua][melds]") {
  test::HookedTable t("tests/fixtures/melds/named.yaml");
  int couples = 0;
  for (int deal = 0; deal < 300; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(500 + deal)};
    REQUIRE(t.game->start_deal(deal % 4, deal, rng) == "");
    // Who holds both the king and the queen of trumps when the play starts.
    const Card king = t.rules.deck.parse_card("KH"), queen = t.rules.deck.parse_card("QH");
    int holder = -1;
    for (int s = 0; s < t.rules.seats; ++s)
      if (t.game->hand(s).contains(king) && t.game->hand(s).contains(queen)) holder = s;
    const size_t data_melds = t.game->melds().size();
    std::array<int, 2> before{t.game->meld_points(0), t.game->meld_points(1)};
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(legal.count() > 0);
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      CHECK(check_zones(*t.game) == "");
    }
    const auto& melds = t.game->melds();
    REQUIRE(melds.size() == data_melds + (holder >= 0 ? 1 : 0));
    if (holder < 0) continue;
    ++couples;
    const Meld& m = melds.back();
    CHECK(m.kind == Meld::Kind::Named);
    CHECK(m.seat == holder);
    CHECK(m.value == 20);
    CHECK(m.cards == (CardSet::of(king) | CardSet::of(queen)));
    const int team = t.rules.team_of[size_t(holder)];
    CHECK(t.game->meld_points(team) == before[size_t(team)] + 20);
    CHECK(t.game->meld_points(1 - team) == before[size_t(1 - team)]);
  }
  CHECK(couples > 30);  // one hand in four or so holds both
}

TEST_CASE("game.meld misuses are refused by name", "[lua][melds]") {
  for (auto [misuse, reason] : {std::pair{"unknown_name", "'rebelote' is not a meld name of this game (melds.named lists 'belote')"},
                                std::pair{"no_cards", "a meld needs at least one card"}}) {
    test::HookedTable t("tests/fixtures/melds/named.yaml", {{"misuse", misuse}});
    Rng rng{3};
    REQUIRE(t.game->start_deal(0, 0, rng) == "");
    const std::string error = t.game->apply(t.game->legal().at(0));
    INFO(misuse);
    CHECK_THAT(error, Catch::Contains("'meld' refused: ") && Catch::Contains(reason));
    CHECK_THAT(error, Catch::Contains("card_played") && Catch::Contains("named.lua:"));
  }
}

}  // namespace hukum
