// Captures of every set (fishing.capture.sets: all) and builds
// (fishing.builds, engine/fishing_builds.cc), over many random Casino deals
// played with random legal actions, against what the rules promise:
// - builds lie whole on the layout, apart, each worth a whole number of sets;
// - the owner of a build always holds a card to capture it, is never offered
//   `pass`, and never trails;
// - a capture leaves no set of the capturing card's value behind (a brute
//   force over the loose cards and the builds);
// - every card is in exactly one place.
// Then a fixed position: a raise, a multiple build, its capture.
#include <catch2/catch.hpp>

#include <vector>

#include "engine/invariants.h"
#include "engine/state.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

using test::cards;  // tests/support: fails the test on a card not of the deck

Card card(const Ruleset& r, const char* text) { return cards(r, {text}).first(); }

int value(const Ruleset& r, Card c) { return r.fishing.rank_value[size_t(r.deck.cards[c].rank)]; }

CardSet build_cards(const GameState& g) {
  CardSet out;
  for (const LayoutBuild& b : g.layout_builds()) out |= b.cards;
  return out;
}

// Some loose layout cards add up to `target` (brute force over subsets).
bool loose_cards_add_up(const Ruleset& r, CardSet loose, int target) {
  std::vector<int> values;
  for (Card c : loose)
    if (value(r, c) > 0) values.push_back(value(r, c));
  std::vector<bool> reach(size_t(target) + 1, false);
  reach[0] = true;
  for (int v : values)
    for (int t = target; t >= v; --t) reach[size_t(t)] = reach[size_t(t)] || reach[size_t(t - v)];
  return reach[size_t(target)];
}

bool holds_value(const Ruleset& r, CardSet hand, int v) {
  for (Card c : hand)
    if (value(r, c) == v) return true;
  return false;
}

void check_builds(const Ruleset& r, const GameState& g) {
  CardSet seen;
  for (const LayoutBuild& b : g.layout_builds()) {
    CHECK((b.cards & ~g.layout()).empty());
    CHECK((b.cards & seen).empty());
    seen |= b.cards;
    int total = 0;
    for (Card c : b.cards) total += value(r, c);
    CHECK(b.value > 0);
    CHECK(total % b.value == 0);
    CHECK(total >= b.value * 1);
    CHECK(holds_value(r, g.hand_of(b.owner), b.value));
  }
}

}  // namespace

TEST_CASE("casino builds and captures keep their promises over random deals", "[unit]") {
  const Ruleset r = test::load_bundled("rulesets/casino/casino.yaml");
  REQUIRE(r.fishing.builds);
  REQUIRE(r.fishing.all_sets);
  GameState g(r, nullptr);
  Rng pick{11};
  int builds_made = 0, raised = 0, multiple = 0, builds_captured = 0, several_sets = 0, owner_turns = 0;
  for (int deal = 0; deal < 600; ++deal) {
    Rng rng{uint64_t(deal + 1)};
    REQUIRE(g.start_deal(deal % 2, deal, rng) == "");
    while (!g.deal_over()) {
      REQUIRE(g.phase() == Phase::Play);
      const int seat = g.to_move();
      const bool owner = [&] {
        for (const LayoutBuild& b : g.layout_builds())
          if (b.owner == seat) return true;
        return false;
      }();
      owner_turns += owner;
      const std::vector<LayoutBuild> before = g.layout_builds();
      const CardSet layout = g.layout();
      const CardSet legal = g.legal().cards;
      REQUIRE(!legal.empty());
      const Card played = legal.nth(int(pick.below(uint32_t(legal.size()))));
      REQUIRE(g.apply(Action{ActionKind::Play, played}) == "");
      while (g.phase() == Phase::ChooseCapture) {
        REQUIRE(g.to_move() == seat);
        if (owner) CHECK_FALSE(g.legal().can_pass);
        const std::vector<Action> actions = g.legal().list();
        REQUIRE(!actions.empty());
        REQUIRE(g.apply(actions[size_t(pick.below(uint32_t(actions.size())))]) == "");
      }
      REQUIRE(check_zones(g) == "");
      check_builds(r, g);
      if (g.deal_over()) break;
      const CardSet taken = layout & ~g.layout();
      const bool built = g.layout().contains(played) && build_cards(g).contains(played);
      // The owner of a build never trails: its card is captured or built.
      if (owner) CHECK((!g.layout().contains(played) || built));
      if (built) {
        ++builds_made;
        for (const LayoutBuild& b : g.layout_builds()) {
          if (!b.cards.contains(played)) continue;
          int total = 0;
          for (Card c : b.cards) total += value(r, c);
          multiple += total > b.value;
          for (const LayoutBuild& old : before) raised += (old.cards & b.cards) == old.cards && old.value != b.value;
        }
      }
      if (!taken.empty() && !r.fishing.same_rank[size_t(r.deck.cards[played].rank)]) {
        // Taken whole: the builds it took are gone entirely; none of its value is left.
        const int v = value(r, played);
        for (const LayoutBuild& b : before)
          if (!(b.cards & taken).empty()) {
            CHECK((b.cards & ~taken).empty());
            CHECK(b.value == v);
            ++builds_captured;
          }
        for (const LayoutBuild& b : g.layout_builds()) CHECK(b.value != v);
        CHECK_FALSE(loose_cards_add_up(r, g.layout() & ~build_cards(g), v));
        int total = 0;
        for (Card c : taken) total += value(r, c);
        several_sets += total > v;
      }
    }
    CardSet all;
    for (int s = 0; s < 2; ++s) all |= g.captured_by(s);
    CHECK(all == r.deck.all);  // the last capturer took the rest, builds included
  }
  // The deals exercise what is checked.
  CHECK(builds_made > 300);
  CHECK(raised > 10);  // rarer since a raise is the played card alone
  CHECK(multiple > 50);
  CHECK(builds_captured > 100);
  CHECK(several_sets > 300);
  CHECK(owner_turns > 200);
}

TEST_CASE("a build is raised, joined by another set, and captured whole", "[unit]") {
  const Ruleset r = test::load_bundled("rulesets/casino/casino.yaml");
  GameState g(r, nullptr);
  PlayPosition p;
  // N builds 5 on the 2; S raises it to 8 and so owns it; S may then only capture or build; 8S takes it whole.
  p.hands = {cards(r, {"3C", "5D", "5C", "9H"}), cards(r, {"3H", "8S", "8C", "KH"})};
  p.layout = cards(r, {"2S", "3D", "QH", "JD"});
  p.captured = {CardSet(), r.deck.all & ~p.hands[0] & ~p.hands[1] & ~p.layout};
  p.leader = 0;
  REQUIRE(g.start_position(1, 0, p) == "");
  REQUIRE(g.apply(Action{ActionKind::Play, card(r, "3C")}) == "");
  // 3C + 2S = 5 (N holds 5D, 5C); 3C + 3D... = 6 (no 6 held); 3C alone takes the 3D.
  REQUIRE(g.phase() == Phase::ChooseCapture);
  CHECK(g.legal().build_values == (1u << 5));
  CHECK(g.legal().cards == cards(r, {"3D"}));
  CHECK(g.legal().can_pass);
  REQUIRE(g.apply(Action{ActionKind::Build, kNoCard, 0, 5}) == "");  // one first set: made at once
  REQUIRE(g.layout_builds().size() == 1);
  CHECK(g.layout_builds()[0].cards == cards(r, {"3C", "2S"}));
  CHECK(g.layout_builds()[0].owner == 0);
  // S raises it: 3H onto the 5, for 8 (S holds two 8s).
  REQUIRE(g.to_move() == 1);
  REQUIRE(g.apply(Action{ActionKind::Play, card(r, "3H")}) == "");
  REQUIRE(g.phase() == Phase::ChooseCapture);
  CHECK(((g.legal().build_values >> 8) & 1) == 1);
  REQUIRE(g.apply(Action{ActionKind::Build, kNoCard, 0, 8}) == "");
  // One first set makes 8 with 3H (the build of 5; 3D would need a loose 2): made at once.
  REQUIRE(g.layout_builds().size() == 1);
  CHECK(g.layout_builds()[0].cards == cards(r, {"3C", "2S", "3H"}));
  CHECK(g.layout_builds()[0].value == 8);
  CHECK(g.layout_builds()[0].owner == 1);
  // N no longer owns a build; 9H captures nothing and builds nothing (N holds no card above 9): a trail.
  REQUIRE(g.apply(Action{ActionKind::Play, card(r, "9H")}) == "");
  CHECK(g.layout().contains(card(r, "9H")));
  // S (owner) may not trail: KH takes nothing, so it is not legal.
  REQUIRE(g.to_move() == 1);
  CHECK_FALSE(g.legal().cards.contains(card(r, "KH")));
  CHECK(g.legal().cards.contains(card(r, "8S")));
  // 8S may take the build, or add to it (S keeps 8C): no pass for an owner.
  REQUIRE(g.apply(Action{ActionKind::Play, card(r, "8S")}) == "");
  REQUIRE(g.phase() == Phase::ChooseCapture);
  CHECK(g.legal().cards == cards(r, {"3C", "2S", "3H"}));
  CHECK(g.legal().build_values == (1u << 8));
  CHECK_FALSE(g.legal().can_pass);
  // Naming one card of a build names it all: taken at once, whole.
  REQUIRE(g.apply(Action{ActionKind::Take, card(r, "2S")}) == "");
  CHECK(g.phase() == Phase::Play);
  CHECK(g.layout_builds().empty());
  CHECK(g.captured_by(1) == (cards(r, {"8S", "3C", "2S", "3H"}) | p.captured[1]));
}

}  // namespace hukum
