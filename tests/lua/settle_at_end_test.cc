// A trick_done hook bound with `cards` runs only after the tricks that hold
// one of them; game.move takes a list of cards; a deal_scored hook may still
// move cards (a trick-taking game), and the deal's points count them where
// they went; game.hand_count counts one suit.
#include <catch2/catch.hpp>

#include "engine/invariants.h"
#include "engine/state.h"
#include "lua/hooked_deal.h"
#include "script/lua_host.h"
#include "support/test_rulesets.h"

namespace hukum {

TEST_CASE("trick_done with cards runs only after the tricks that hold them", "[lua][zones]") {
  test::HookedTable t("tests/fixtures/hooks/settle_at_end.yaml");
  const Card ace = t.rules.deck.parse_card("AS"), king = t.rules.deck.parse_card("KS");
  for (int deal = 0; deal < 40; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(300 + deal)};
    REQUIRE(t.game->start_deal(deal % 4, deal, rng) == "");
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
    }
    // The tricks the hook saw: those of the ace and the king, once each.
    int seat = 0;
    const int ace_trick = t.game->trick_of(ace, &seat), king_trick = t.game->trick_of(king, &seat);
    std::string expected = "{";
    for (int n = 1; n <= t.game->tricks_played(); ++n)
      if (n == ace_trick || n == king_trick) expected += std::to_string(n) + ",";
    if (expected.size() > 1) expected.pop_back();
    expected += "}";
    INFO("deal " << deal);
    const VarValue* seen = t.game->vars().find("tricks");
    CHECK((seen == nullptr ? std::string("{}") : var_text(*seen)) == expected);
  }
}

TEST_CASE("deal_scored may move cards: the points count them where they went", "[lua][zones]") {
  test::HookedTable t("tests/fixtures/hooks/settle_at_end.yaml");
  int moved = 0;
  for (int deal = 0; deal < 40; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(500 + deal)};
    REQUIRE(t.game->start_deal(deal % 4, deal, rng) == "");
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
    }
    INFO("deal " << deal);
    CHECK(t.game->captured_by(0).empty());
    moved += t.game->tricks_won_by(0) > 0;
    // East holds North's cards; the result counts them for East's team.
    int east = 0, team_points = 0;
    for (Card c : t.game->captured_by(1)) east += t.rules.points_of(c, t.game->trump_suit());
    for (int s = 0; s < t.rules.seats; ++s)
      if (t.rules.team_of[size_t(s)] == t.rules.team_of[1])
        for (Card c : t.game->captured_by(s)) team_points += t.rules.points_of(c, t.game->trump_suit());
    CHECK(var_text(*t.game->vars().find("east_points")) == std::to_string(east));
    CHECK(t.game->result().points[size_t(t.rules.team_of[1])] == team_points);
    CHECK(check_deal_end(*t.game) == "");
  }
  CHECK(moved > 10);
}

TEST_CASE("game.move with a list moves every card or none", "[lua][zones]") {
  test::HookedTable t("tests/fixtures/hooks/moves.yaml");
  Rng rng{5};
  REQUIRE(t.game->start_deal(0, 0, rng) == "");
  GameState& g = *t.game;
  // Outside a hook's moving time nothing moves, a list or a card.
  CHECK_THAT(t.host.run("game.move(game.hand(0), 'out')", "t", &g), Catch::Contains("cards move only in step_done"));
  // A list with a card that is not in the deck names it.
  CHECK_THAT(t.host.run("game.move({'XX'}, 'out')", "t", &g), Catch::Contains("card expected, got 'XX'"));
}

TEST_CASE("game.hand_count with a suit counts that suit", "[lua][zones]") {
  test::HookedDeal t("tests/fixtures/hooks/moves.yaml", 13);
  GameState& g = *t.game;
  for (int s = 0; s < 4; ++s)
    for (const char* suit : {"S", "H", "D", "C"}) {
      INFO(s << " " << suit);
      const int expected = (g.hand_of(s) & t.rules.deck.suit_mask[size_t(t.rules.deck.suit_index(suit))]).size();
      CHECK(t.host.run("assert(game.hand_count(" + std::to_string(s) + ", '" + suit + "') == " +
                           std::to_string(expected) + ")",
                       "t", &g) == "");
    }
  CHECK_THAT(t.host.run("game.hand_count(0, 'X')", "t", &g), Catch::Contains("suit letter expected, got 'X'"));
}

}  // namespace hukum
