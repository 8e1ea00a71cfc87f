// Melds with two packs (tests/fixtures/melds/two_packs.yaml): over random
// hands, the melds the engine finds equal a count made here from the rules
// text alone (how many times the hand holds each meld, with other copies
// each time; two equal ones with a `doubled` value make one meld of it), and
// the melds of one kind never share a card.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <numeric>

#include "core/rng.h"
#include "engine/state.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

struct Expected {
  int melds = 0;
  int value = 0;
  void add(int times, int value_once, int doubled) {  // a meld held `times` times
    const int pairs = doubled >= 0 ? times / 2 : 0;
    melds += pairs + (times - 2 * pairs);
    value += pairs * doubled + (times - 2 * pairs) * value_once;
  }
};

// The fixture's melds, read from its text: aces around and kings around (one
// of each suit, 100/1000 and 80/800), any four queens (60, no doubled
// value), the run A 10 K Q J of hearts (150/1500), a marriage K Q of any suit (20).
Expected count_by_hand(const Ruleset& r, CardSet hand) {
  std::map<std::pair<std::string, int>, int> held;  // (rank, suit) -> copies held
  for (Card c : hand) ++held[{r.deck.ranks[r.deck.cards[c].rank], r.deck.cards[c].suit}];
  auto copies = [&](const std::string& rank, int suit) { return held.count({rank, suit}) ? held[{rank, suit}] : 0; };
  const int hearts = r.deck.suit_index("H");
  Expected e;
  for (auto [rank, value, doubled] : {std::tuple{"A", 100, 1000}, std::tuple{"K", 80, 800}}) {
    int around = 2;
    for (int s = 0; s < 4; ++s) around = std::min(around, copies(rank, s));
    e.add(around, value, doubled);
  }
  int queens = 0;
  for (int s = 0; s < 4; ++s) queens += copies("Q", s);
  e.add(queens / 4, 60, -1);
  int runs = 2;
  for (const char* rank : {"A", "10", "K", "Q", "J"}) runs = std::min(runs, copies(rank, hearts));
  e.add(runs, 150, 1500);
  for (int s = 0; s < 4; ++s) e.add(std::min(copies("K", s), copies("Q", s)), 20, -1);
  return e;
}

}  // namespace

TEST_CASE("Two packs: melds held twice are found twice or at their doubled value, by a count from the rules",
          "[melds]") {
  const Ruleset rules = test::load_bundled("tests/fixtures/melds/two_packs.yaml");
  REQUIRE(rules.melds.repeats);
  const int trump = rules.deck.suit_index("H");
  Rng rng(20261127);
  std::vector<Card> deck(rules.deck.cards.size());
  std::iota(deck.begin(), deck.end(), Card(0));
  std::vector<Meld> found;
  int doubled_seen = 0, repeated_seen = 0;
  for (int deal = 0; deal < 4000; ++deal) {
    for (size_t i = deck.size() - 1; i > 0; --i) std::swap(deck[i], deck[size_t(rng.below(uint32_t(i + 1)))]);
    // Hands of 12 as dealt, and of 36 cards, where melds held twice are common.
    const size_t size = deal % 2 ? 12 : 36;
    CardSet hand;
    for (size_t i = 0; i < size; ++i) hand.add(deck[i]);
    find_melds(rules, hand, trump, 0, &found);
    const Expected e = count_by_hand(rules, hand);
    int value = 0;
    for (const Meld& m : found) {
      value += m.value;
      CHECK((m.cards & ~hand).empty());
      doubled_seen += m.value >= 800;
      for (const Meld& other : found)
        if (&other != &m && other.kind == m.kind && other.rule == m.rule) {
          CHECK((other.cards & m.cards).empty());  // never a card twice in one kind
          repeated_seen += m.kind == Meld::Kind::Group;
        }
      if (m.kind == Meld::Kind::Set && rules.melds.sets[m.rule].different_suits) {
        std::array<int, 4> per_suit{};
        for (Card c : m.cards) ++per_suit[rules.deck.cards[c].suit];
        for (int n : per_suit) CHECK(n == int(m.cards.size()) / 4);  // one of each suit, or two when doubled
      }
    }
    INFO("deal " << deal << ", " << size << " cards");
    CHECK(int(found.size()) == e.melds);
    CHECK(value == e.value);
  }
  CHECK(doubled_seen > 50);   // the doubled values came up
  CHECK(repeated_seen > 50);  // and groups held twice without one
}

TEST_CASE("Two packs: a meld is not offered by its cards, and declaring all declares every copy", "[melds]") {
  const Ruleset rules = test::load_bundled("tests/fixtures/melds/two_packs.yaml", {{"optional", "on"}});
  GameState state(rules, nullptr);
  Rng rng(5);
  for (int deal = 0; deal < 200; ++deal) {
    REQUIRE(state.start_deal(deal % 4, deal, rng, nullptr).empty());
    while (state.question().tag == "melds") {
      const LegalActions& legal = state.legal();
      CHECK(legal.melds.empty());  // 'declare <cards>' cannot tell two copies apart
      CHECK(legal.can_pass);
      REQUIRE(state.apply(Action{legal.can_declare ? ActionKind::Meld : ActionKind::Pass, kNoCard, 0, 0}).empty());
    }
    // Every meld found in each hand was declared.
    std::vector<Meld> found;
    int total = 0, declared = 0;
    for (int seat = 0; seat < rules.seats; ++seat) {
      find_melds(rules, state.hand_of(seat), state.trump_suit(), seat, &found);
      for (const Meld& m : found) total += m.value;
    }
    for (const Meld& m : state.melds()) declared += m.value;
    CHECK(declared == total);
  }
}
