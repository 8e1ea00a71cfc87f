// fishing.combinations (engine/combinations.cc) and deck.attributes on
// Koi-Koi's pack: the attribute masks, each yaku's value as the rules text
// gives it (docs/rules/koikoi.md 4), the best of a group counting alone, and
// points that never fall when a side captures one card more.
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "engine/combinations.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

const Ruleset& koikoi() {
  static const Ruleset r = test::load_bundled("rulesets/koikoi/koikoi.yaml");
  return r;
}

int points(std::initializer_list<const char*> cards) {
  return combination_points(koikoi().fishing, test::cards(koikoi(), cards));
}

}  // namespace

TEST_CASE("deck.attributes: Koi-Koi's kinds are masks, one kind per card", "[unit][combinations]") {
  const Deck& d = koikoi().deck;
  const int kind = d.attribute_index("kind");
  REQUIRE(kind >= 0);
  CHECK(d.attribute_index("colour") == -1);
  const CardAttribute& a = d.attributes[size_t(kind)];
  REQUIRE(a.values == std::vector<std::string>{"bright", "animal", "ribbon", "chaff"});
  CHECK(a.cards[0].size() == 5);
  CHECK(a.cards[1].size() == 9);
  CHECK(a.cards[2].size() == 10);
  CHECK(a.cards[3].size() == 24);
  CardSet all;
  for (const CardSet& c : a.cards) all |= c;
  CHECK(all == d.all);
  CHECK(a.value_of(d.parse_card("11A")) == 0);
  CHECK(a.value_of(d.parse_card("12B")) == 3);
  const CardAttribute& ribbon = d.attributes[size_t(d.attribute_index("ribbon"))];
  CHECK(ribbon.value_of(d.parse_card("1C")) == -1);  // not a ribbon: no value
}

TEST_CASE("fishing.combinations: the yaku values of koikoi.md 4", "[unit][combinations]") {
  CHECK(points({}) == 0);
  CHECK(points({"1A", "3A"}) == 0);
  CHECK(points({"1A", "3A", "8A"}) == 5);                       // three brights
  CHECK(points({"1A", "3A", "11A"}) == 0);                      // the rain man does not make three
  CHECK(points({"1A", "3A", "8A", "11A"}) == 7);                // rainy four, not also three
  CHECK(points({"1A", "3A", "8A", "12A"}) == 8);                // four brights
  CHECK(points({"1A", "3A", "8A", "11A", "12A"}) == 10);        // five brights alone
  CHECK(points({"3A", "9A"}) == 5);                             // flower viewing
  CHECK(points({"3A", "8A", "9A"}) == 10);                      // both viewings
  CHECK(points({"6A", "7A", "10A"}) == 5);                      // boar, deer, butterflies
  CHECK(points({"6A", "7A", "10A", "2A", "4A"}) == 8);          // + 2 animals, and animals 1
  CHECK(points({"1B", "2B", "3B", "4B"}) == 6);                 // poetry + 1 ribbon
  CHECK(points({"1B", "2B", "3B", "6B", "9B", "10B"}) == 12);   // both: 10, and ribbons 1 + 1
  CHECK(points({"1C", "1D", "2C", "2D", "3C", "3D", "4C", "4D", "5C", "9A"}) == 1);  // chaff with the cup
}

TEST_CASE("fishing.combinations: per line, only the best of a group is counted", "[unit][combinations]") {
  std::vector<int> per_line;
  const int total = combination_points(koikoi().fishing, test::cards(koikoi(), {"1A", "3A", "8A", "11A", "12A"}), &per_line);
  CHECK(total == 10);
  int counted = 0;
  for (size_t i = 0; i < per_line.size(); ++i)
    if (per_line[i] != 0) {
      ++counted;
      CHECK(koikoi().fishing.combinations[i].name == "five_brights");
    }
  CHECK(counted == 1);
}

TEST_CASE("fishing.combinations: one card more never lowers a side's points", "[unit][combinations]") {
  const Ruleset& r = koikoi();
  Rng rng{11};
  for (int trial = 0; trial < 2000; ++trial) {
    CardSet taken;
    for (Card c : r.deck.all)
      if (rng.below(3) == 0) taken.add(c);
    const int before = combination_points(r.fishing, taken);
    for (Card c : r.deck.all & ~taken) {
      CardSet more = taken;
      more.add(c);
      REQUIRE(combination_points(r.fishing, more) >= before);
    }
  }
}

}  // namespace hukum
