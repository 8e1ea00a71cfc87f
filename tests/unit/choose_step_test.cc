// The `choose` deal step: simultaneous choices, hidden until all have chosen,
// then passed on (by deal number) or revealed to everyone.
#include <catch2/catch.hpp>

#include "engine/state.h"
#include "script/lua_host.h"
#include "session/observation/observation.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

Action choose(const Ruleset& r, Card c) {
  Action a;
  std::string why;
  REQUIRE(parse_action(r, "choose " + r.deck.card_text(c), &a, &why));
  CHECK(a.kind == ActionKind::Choose);
  return a;
}

}  // namespace

TEST_CASE("choose then pass: cards go next, previous, across, or stay, deal by deal", "[unit]") {
  const Ruleset r = test::load_bundled("tests/fixtures/hooks/choose_pass.yaml");
  GameState g(r, nullptr);
  const int expected_offset[] = {1, 3, 2, 0};
  for (int deal = 0; deal < 8; ++deal) {
    Rng rng{uint64_t(deal + 1)};
    REQUIRE(g.start_deal(0, deal, rng) == "");
    if (expected_offset[deal % 4] == 0) {  // the "none" deal skips the step: play begins
      CHECK(g.phase() == Phase::Play);
      continue;
    }
    REQUIRE(g.question().tag == "choose");
    std::array<CardSet, 4> before{}, given{};
    for (int s = 0; s < 4; ++s) before[size_t(s)] = g.hand_of(s);
    CHECK(g.to_move() == 1);  // the dealer's next seat chooses first
    for (int k = 0; k < 12; ++k) {
      const int seat = g.to_move();
      const Card c = g.legal().cards.first();
      CHECK(g.legal().card_kind == ActionKind::Choose);
      // Nobody else sees the cards chosen so far: only their number.
      for (int other = 0; other < 4; ++other) {
        if (other == seat) continue;
        Observation o = observe(g, other, {});
        CHECK((o.hand & given[size_t(seat)]).empty());
        CHECK((o.own_hidden & given[size_t(seat)]).empty());
      }
      given[size_t(seat)].add(c);
      REQUIRE(g.apply(choose(r, c)) == "");
    }
    REQUIRE(g.phase() == Phase::Play);
    for (int s = 0; s < 4; ++s) {
      const int to = (s + expected_offset[deal % 4]) % 4;
      CHECK((g.hand_of(to) & given[size_t(s)]) == given[size_t(s)]);
      CHECK(g.hand_of(s).size() == 13);
      CHECK(g.hidden_of(s).empty());
      CHECK(g.chosen(s) == given[size_t(s)]);
    }
  }
}

TEST_CASE("choose then reveal: bid cards turn up together, back in hand and known", "[unit]") {
  const Ruleset r = test::load_bundled("tests/fixtures/hooks/choose_reveal.yaml");
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  GameState g(r, &host);
  Rng rng{7};
  REQUIRE(g.start_deal(3, 0, rng) == "");
  CardSet bids;
  for (int k = 0; k < 4; ++k) {
    REQUIRE(g.question().tag == "choose");
    CHECK(g.trump_suit() < 0);
    const Card c = g.hand_of(g.to_move()).first();
    bids.add(c);
    REQUIRE(g.apply(choose(r, c)) == "");
  }
  REQUIRE(g.phase() == Phase::Play);
  CHECK((g.revealed() & bids) == bids);  // public from now on
  for (int s = 0; s < 4; ++s) CHECK(g.hand_of(s).size() == 13);
  // The hook read the choices and named the trump from the highest one.
  const VarValue* maker = g.vars().find("maker_card");
  REQUIRE(maker != nullptr);
  const Card maker_card = r.deck.parse_card(maker->text);
  CHECK(bids.contains(maker_card));
  CHECK(g.trump_suit() == r.deck.cards[maker_card].suit);
}

}  // namespace hukum
