// Capture by sum (fishing.capture.by_sum, engine/fishing_sum.cc): the sets a
// played card may take, checked against a brute-force enumeration over many
// random Scopa deals (rank first, sums, the choice card by card, sweeps), and
// the keys Scopa does not use: optional capture (`pass`), sums to pair_sum
// minus the card, max_targets bounding a set.
#include <catch2/catch.hpp>

#include <vector>

#include "engine/state.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

using test::cards;

Card card(const Ruleset& r, const char* text) { return test::cards(r, {text}).first(); }

int value(const Ruleset& r, Card c) { return r.fishing.rank_value[size_t(r.deck.cards[c].rank)]; }

// Every subset of `layout` whose values add up to `target` (brute force).
std::vector<CardSet> sets_adding_to(const Ruleset& r, CardSet layout, int target) {
  std::vector<Card> in;
  for (Card c : layout) in.push_back(c);
  std::vector<CardSet> out;
  for (uint32_t mask = 1; mask < (1u << in.size()); ++mask) {
    CardSet s;
    int sum = 0;
    for (size_t i = 0; i < in.size(); ++i)
      if ((mask >> i) & 1) s.add(in[i]), sum += value(r, in[i]);
    if (sum == target) out.push_back(s);
  }
  return out;
}


// N holds `hand`, S two kings; the stock keeps the deal going; S has captured the rest.
PlayPosition position(const Ruleset& r, CardSet hand, CardSet layout) {
  PlayPosition p;
  p.hands = {hand, cards(r, {"KS", "KC"}) & ~hand & ~layout};
  p.layout = layout;
  const CardSet stock = cards(r, {"KH", "QH"}) & ~hand & ~layout;
  for (Card c : stock) p.stock.push_back(c);
  p.captured = {CardSet(), r.deck.all & ~hand & ~layout & ~p.hands[1] & ~stock};
  p.leader = 0;
  return p;
}

}  // namespace

TEST_CASE("scopa captures match a brute-force enumeration of sets over random deals", "[unit]") {
  const Ruleset r = test::load_bundled("rulesets/scopa/scopa.yaml");
  GameState g(r, nullptr);
  Rng pick{7};
  int choices = 0, multi_card = 0, sweeps = 0;
  for (int deal = 0; deal < 400; ++deal) {
    Rng rng{uint64_t(deal + 1)};
    REQUIRE(g.start_deal(deal % 2, deal, rng) == "");
    while (!g.deal_over()) {
      REQUIRE(g.phase() == Phase::Play);
      const int seat = g.to_move();
      const CardSet layout = g.layout();
      const Card played = g.legal().cards.nth(int(pick.below(uint32_t(g.legal().cards.size()))));
      const int swept_before = g.sweeps(seat);
      CardSet same = layout & r.fishing.rank_cards[size_t(r.deck.cards[played].rank)];
      std::vector<CardSet> sets;
      if (!same.empty())
        for (Card c : same) sets.push_back(CardSet::of(c));
      else
        sets = sets_adding_to(r, layout, value(r, played));
      REQUIRE(g.apply(Action{ActionKind::Play, played}) == "");
      if (g.phase() == Phase::ChooseCapture) {
        // Asked only with several sets; the first choice offers the cards of all of them.
        ++choices;
        CHECK(sets.size() >= 2);
        CardSet all;
        for (CardSet s : sets) all |= s;
        CHECK(g.legal().cards == all);
        CHECK_FALSE(g.legal().can_pass);
      }
      while (g.phase() == Phase::ChooseCapture && g.to_move() == seat) {
        const CardSet legal = g.legal().cards;
        REQUIRE(g.apply(Action{ActionKind::Take, legal.nth(int(pick.below(uint32_t(legal.size()))))}) == "");
      }
      const CardSet taken = layout & ~g.layout();
      if (sets.empty()) {  // the card joins the layout (which the last capturer may take at the end)
        if (!g.deal_over()) CHECK(g.layout() == (layout | CardSet::of(played)));
        continue;
      }
      // The leftover at the deal's end is taken after the last capture: compare the capture only.
      const CardSet captured = g.deal_over() ? (g.captured_by(seat) & layout) : taken;
      bool one_of_them = false;
      for (CardSet s : sets) one_of_them |= (captured & s) == s && (g.deal_over() || captured == s);
      CHECK(one_of_them);
      if (captured.size() > 1) ++multi_card;
      const bool emptied = !g.deal_over() && g.layout().empty();
      CHECK(g.sweeps(seat) == swept_before + (emptied ? 1 : 0));
      if (emptied) ++sweeps;
    }
    // Each sweep is worth a point, every card is captured.
    CardSet all;
    for (int s = 0; s < 2; ++s) all |= g.captured_by(s);
    CHECK(all == r.deck.all);
    CHECK(g.result().sweeps.size() == 2);
  }
  // The deals exercise what is checked.
  CHECK(choices > 20);
  CHECK(multi_card > 100);
  CHECK(sweeps > 20);
}

TEST_CASE("optional capture: the player may take the set or pass and lay the card", "[unit]") {
  const Ruleset r = test::load_bundled("tests/fixtures/fishing/optional_capture.yaml");
  GameState g(r, nullptr);
  const PlayPosition p = position(r, cards(r, {"5D", "JD"}), cards(r, {"2C", "3H", "AS"}));
  REQUIRE(g.start_position(1, 0, p) == "");
  REQUIRE(g.apply(Action{ActionKind::Play, card(r, "5D")}) == "");
  // One set (2C + 3H), yet the player is asked: taking it is his choice.
  REQUIRE(g.phase() == Phase::ChooseCapture);
  CHECK(g.legal().can_pass);
  CHECK(g.legal().cards == cards(r, {"2C", "3H"}));
  GameState took = g;
  REQUIRE(took.apply(Action{ActionKind::Take, card(r, "3H")}) == "");
  CHECK(took.captured_by(0) == cards(r, {"5D", "2C", "3H"}));
  CHECK(took.layout() == cards(r, {"AS"}));
  Action pass;
  pass.kind = ActionKind::Pass;
  REQUIRE(g.apply(pass) == "");
  CHECK(g.captured_by(0).empty());
  CHECK(g.layout() == cards(r, {"5D", "2C", "3H", "AS"}));
  CHECK(g.to_move() == 1);
}

TEST_CASE("sums to pair_sum: the card and its set make 15; max_targets bounds the set", "[unit]") {
  const Ruleset r = test::load_bundled("tests/fixtures/fishing/sum_to_fifteen.yaml");
  GameState g(r, nullptr);
  // 7D needs 8: AC + 7C or 5S + 3H (two cards each); AC + 2H + 5S also makes 8 but has three cards.
  const PlayPosition p = position(r, cards(r, {"7D", "JD"}), cards(r, {"AC", "7C", "5S", "3H", "2H"}));
  REQUIRE(g.start_position(1, 0, p) == "");
  REQUIRE(g.apply(Action{ActionKind::Play, card(r, "7D")}) == "");
  REQUIRE(g.phase() == Phase::ChooseCapture);
  CHECK(g.legal().cards == cards(r, {"AC", "7C", "5S", "3H"}));
  CHECK_FALSE(g.legal().can_pass);
  REQUIRE(g.apply(Action{ActionKind::Take, card(r, "5S")}) == "");
  CHECK(g.captured_by(0) == cards(r, {"7D", "5S", "3H"}));
  CHECK(g.layout() == cards(r, {"AC", "7C", "2H"}));
}

}  // namespace hukum
