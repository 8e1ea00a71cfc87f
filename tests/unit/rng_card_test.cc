// The generator, card sets and canonical action texts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/card.h"
#include "core/rng.h"
#include "engine/action.h"
#include "engine/card_points.h"
#include "support/test_rulesets.h"

using namespace hukum;

TEST_CASE("a seed gives the same sequence, a different seed another", "[unit][rng]") {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    uint64_t x = a.next();
    CHECK(x == b.next());
    CHECK(x != c.next());
  }
}

TEST_CASE("the generator's output is fixed across platforms", "[unit][rng]") {
  // Golden values: a change here changes every seeded deal and breaks old logs.
  Rng r(1);
  CHECK(r.next() == 12966619160104079557ull);
  CHECK(r.next() == 9600361134598540522ull);
  CHECK(r.next() == 10590380919521690900ull);
  Rng b(2);
  CHECK(b.below(52) == 5);
  CHECK(b.below(52) == 37);
  CHECK(b.below(13) == 2);
}

TEST_CASE("bounded integers stay in range and cover it", "[unit][rng]") {
  Rng r(7);
  std::vector<int> seen(7, 0);
  for (int i = 0; i < 7000; ++i) {
    uint32_t v = r.below(7);
    REQUIRE(v < 7);
    ++seen[v];
  }
  for (int n : seen) CHECK(n > 800);  // about 1000 each
}

TEST_CASE("a shuffle is a permutation", "[unit][rng]") {
  Rng r(3);
  uint8_t cards[52];
  for (int i = 0; i < 52; ++i) cards[i] = uint8_t(i);
  r.shuffle(cards, 52);
  std::set<int> s(cards, cards + 52);
  CHECK(s.size() == 52);
  CHECK(!std::is_sorted(cards, cards + 52));
}

TEST_CASE("card sets count, index and iterate", "[unit][card]") {
  CardSet s;
  for (Card c : {Card(3), Card(17), Card(40), Card(63)}) s.add(c);
  CHECK(s.size() == 4);
  CHECK(s.first() == 3);
  CHECK(s.nth(2) == 40);
  CHECK(s.contains(63));
  s.remove(17);
  std::vector<int> got;
  for (Card c : s) got.push_back(c);
  CHECK(got == std::vector<int>{3, 40, 63});
}

TEST_CASE("nth finds the same card as clearing the lowest cards one by one", "[unit][card]") {
  Rng r(99);
  for (int round = 0; round < 2000; ++round) {
    // Sparse, dense and full sets, bits in every byte.
    uint64_t bits = r.next();
    if (round % 3 == 1) bits &= r.next();
    if (round % 3 == 2) bits |= r.next();
    if (round == 0) bits = ~uint64_t(0);
    const CardSet s(bits);
    uint64_t rest = bits;
    for (int n = 0; n < s.size(); ++n) {
      CHECK(s.nth(n) == Card(std::countr_zero(rest)));
      rest &= rest - 1;
    }
    CHECK(s.nth(s.size()) == kNoCard);
  }
  CHECK(CardSet().nth(0) == kNoCard);
  CHECK(CardSet::of(63).nth(0) == 63);
}

TEST_CASE("every card and action word has one canonical text that parses back", "[unit][action]") {
  Ruleset rules = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", "band_hukum_optional"}});
  REQUIRE(rules.deck.cards.size() == 52);
  for (Card c = 0; c < 52; ++c) {
    for (ActionKind kind : {ActionKind::Play, ActionKind::SetAside}) {
      Action a{kind, c, 0};
      std::string text = action_text(rules, a);
      Action back;
      std::string why;
      REQUIRE(parse_action(rules, text, &back, &why));
      CHECK(back == a);
    }
  }
  Action reveal;
  std::string why;
  REQUIRE(parse_action(rules, "  REVEAL ", &reveal, &why));
  CHECK(action_text(rules, reveal) == "reveal");
  Action ten;
  REQUIRE(parse_action(rules, "10h", &ten, &why));
  CHECK(action_text(rules, ten) == "10H");
  CHECK_FALSE(parse_action(rules, "11H", &ten, &why));
  CHECK(why.find("not an action") != std::string::npos);
}

TEST_CASE("legal actions are empty exactly when they count none", "[unit][action]") {
  LegalActions l;
  CHECK(l.empty());
  CHECK(l.count() == 0);
  l.low = l.high = l.hole = 7;  // a range whose only number is the hole
  CHECK(l.empty());
  CHECK(l.count() == 0);
  l.high = 8;
  CHECK(!l.empty());
  l = LegalActions();
  l.number_words.push_back(0);  // a word asked with an empty range of numbers
  CHECK(l.empty());
  l.word_low = l.word_high = 3;
  CHECK(!l.empty());
  CHECK(l.count() == 1);
  for (int what = 0; what < 5; ++what) {
    LegalActions one;
    if (what == 0) one.cards.add(5);
    if (what == 1) one.can_pass = true;
    if (what == 2) one.suits = 4;
    if (what == 3) one.words.push_back(1);
    if (what == 4) one.can_accept = true;
    CHECK(!one.empty());
    CHECK(one.count() == 1);
  }
}

TEST_CASE("card points by masks add up as card by card, in every trump", "[unit][card]") {
  for (const char* file : {"rulesets/twenty-eight/twenty-eight.yaml", "rulesets/mpourloto/mpourloto.yaml",
                           "rulesets/hearts/hearts.yaml", "rulesets/scopa/scopa.yaml"}) {
    Ruleset rules = test::load_bundled(file);
    const CardPoints points(rules);
    Rng r(7);
    for (int round = 0; round < 200; ++round) {
      const CardSet cards = CardSet(r.next()) & rules.deck.all;
      for (int trump = -1; trump < int(rules.deck.suits.size()); ++trump) {
        int expected = 0;
        for (Card c : cards) expected += rules.points_of(c, trump);
        CHECK(points.of(cards, trump) == expected);
      }
    }
  }
}
