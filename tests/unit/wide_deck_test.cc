// Decks of more than 64 cards (two-word card sets), suits with ranks of their
// own (deck.suit_ranks) and cards of no suit (deck.no_suit).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <fstream>

#include "engine/invariants.h"
#include "engine/state.h"
#include "ruleset/loader.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// 56 suited cards, 21 trumps and an excuse: 78 cards, 26 names of ranks.
constexpr const char* kWide = R"(name: Wide deck
seats: 4
deck:
  suits: [S, H, D, C, T]
  ranks: [K, Q, C, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
  suit_ranks: {T: [21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]}
  no_suit: [EX]
rank_order: [21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, K, Q, C, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
card_points: {K: 9, EX: 9}
deal_packets: [3, 3, 3, 3, 3, 3]
play:
  trump: {method: fixed, suit: T}
  obligations: [follow_suit, trump_if_void, overtrump]
)";

}  // namespace

TEST_CASE("card sets hold cards past 64", "[unit][card]") {
  CardSet s;
  for (Card c : {Card(0), Card(63), Card(64), Card(100), Card(127)}) s.add(c);
  CHECK(s.size() == 5);
  CHECK(s.contains(64));
  CHECK(!s.contains(65));
  CHECK(s.nth(0) == 0);
  CHECK(s.nth(2) == 64);
  CHECK(s.nth(4) == 127);
  CHECK(s.nth(5) == kNoCard);
  std::vector<Card> seen;
  for (Card c : s) seen.push_back(c);
  CHECK(seen == std::vector<Card>{0, 63, 64, 100, 127});
  s.remove(64);
  CHECK(s.size() == 4);
  CHECK(!s.contains(64));
  CHECK((s & CardSet::of(100)).first() == 100);
  CHECK(CardSet::below(70).size() == 70);
  CHECK(CardSet::below(128).size() == 128);
  CardSet high_only;
  high_only.add(90);
  CHECK(high_only.first() == 90);
  CHECK(high_only.nth(0) == 90);
}

TEST_CASE("a 78-card deck with a suit of its own ranks and a card of no suit loads", "[unit][deck]") {
  const Ruleset r = test::load_text(kWide);
  CHECK(r.deck.cards.size() == 78);
  CHECK(r.deck.ranked == 25);  // K Q C J 10..1, then 21..11 from the trumps
  CHECK(r.deck.ranks.size() == 26);  // and EX
  CHECK(r.deck.suit_mask[4].size() == 21);
  CHECK(r.deck.suit_mask[0].size() == 14);
  const Card excuse = r.deck.parse_card("EX");
  REQUIRE(excuse != kNoCard);
  CHECK(!r.deck.has_suit(excuse));
  CHECK(r.deck.card_text(excuse) == "EX");
  CHECK(r.deck.parse_card("21T") != kNoCard);
  CHECK(r.deck.parse_card("21S") == kNoCard);  // spades have no 21
  CHECK(r.plain_points[excuse] == 9);
}

TEST_CASE("random play of a 78-card deck keeps every card in one place", "[unit][deck]") {
  const Ruleset r = test::load_text(kWide);
  Rng rng{11};
  for (int deal = 0; deal < 300; ++deal) {
    GameState g(r, nullptr);
    REQUIRE(g.start_deal(deal % 4, 0, rng) == "");
    int moves = 0;
    while (g.phase() != Phase::DealOver) {
      const LegalActions& legal = g.legal();
      REQUIRE(legal.count() > 0);
      REQUIRE(check_zones(g) == "");
      REQUIRE(g.apply(legal.at(int(rng.below(uint32_t(legal.count()))))) == "");
      REQUIRE(++moves < 200);
    }
    CHECK(moves == 72);  // 18 cards each; 6 left undealt
    CHECK(check_deal_end(g) == "");
  }
}

TEST_CASE("a card of no suit may always be played and sets no suit; it wins no trick", "[unit][deck]") {
  const Ruleset r = test::load_text(kWide);
  const Card excuse = r.deck.parse_card("EX");
  Rng rng{5};
  int led = 0, followed = 0;
  for (int deal = 0; deal < 400 && (led < 20 || followed < 20); ++deal) {
    GameState g(r, nullptr);
    REQUIRE(g.start_deal(0, 0, rng) == "");
    while (g.phase() != Phase::DealOver) {
      const LegalActions& legal = g.legal();
      const int seat = g.to_move();
      const bool holds = g.hand(seat).contains(excuse);
      if (holds) CHECK(legal.cards.contains(excuse));  // whatever the obligations
      const bool leading = g.trick().empty();
      Action a = legal.at(int(rng.below(uint32_t(legal.count()))));
      if (holds && rng.below(3) == 0) a = Action{legal.card_kind, excuse, 0, 0};
      const int tricks_before = g.tricks_played();
      REQUIRE(g.apply(a) == "");
      if (a.card == excuse) {
        (leading ? led : followed)++;
        // Follow the trick to its end: the excuse's seat must not win it.
        while (g.tricks_played() == tricks_before && g.phase() != Phase::DealOver) {
          if (leading && g.trick().size() == 1) {
            // The second card sets the suit: anything may be played.
            CHECK(g.legal().cards == g.hand(g.to_move()));
          }
          const LegalActions& l = g.legal();
          REQUIRE(g.apply(l.at(int(rng.below(uint32_t(l.count()))))) == "");
        }
        CHECK(g.last_trick_winner() != seat);
      }
    }
  }
  CHECK(led >= 20);
  CHECK(followed >= 20);
}

TEST_CASE("copies of a card are named apart and read back", "[unit][deck]") {
  const Ruleset r = test::load_text(R"(name: Two packs
seats: 2
deck: {suits: [S, H], ranks: [A, K], copies: 2}
)");
  const Card first = r.deck.parse_card("AS"), second = r.deck.parse_card("AS#2");
  REQUIRE(first != kNoCard);
  REQUIRE(second != kNoCard);
  CHECK(first != second);
  CHECK(r.deck.card_text(first) == "AS");
  CHECK(r.deck.card_text(second) == "AS#2");
  for (const char* bad : {"AS#", "AS#1", "AS#3", "AS#x", "AS#22", "#2", "QS#2"}) {
    INFO(bad);
    CHECK(r.deck.parse_card(bad) == kNoCard);
  }
  for (size_t c = 0; c < r.deck.cards.size(); ++c) CHECK(r.deck.parse_card(r.deck.card_text(Card(c))) == Card(c));
}

TEST_CASE("deck.suit_ranks and deck.no_suit are checked", "[unit][deck]") {
  auto errors_of = [](std::string yaml, const std::string& from, const std::string& to) {
    yaml.replace(yaml.find(from), from.size(), to);
    const std::string path = "/tmp/hukum-wide-deck-" + std::to_string(::getpid()) + ".yaml";
    std::ofstream(path) << yaml;
    LoadResult r = load_ruleset(LoadRequest{path, {}});
    CHECK(!r.ruleset.has_value());
    return r.diagnostics.to_string();
  };
  CHECK_THAT(errors_of(kWide, "no_suit: [EX]", "no_suit: [KS]"), Catch::Contains("already names a card of a suit"));
  CHECK_THAT(errors_of(kWide, "{T: [21", "{X: [21"), Catch::Contains("unknown suit 'X'"));
  CHECK_THAT(errors_of(kWide, ", 2, 1]\ncard_points", ", 2, 1, EX]\ncard_points"), Catch::Contains("a card of no suit"));
  CHECK_THAT(errors_of(kWide, "  no_suit: [EX]", "  no_suit: [EX]\n  remove: [21S]"), Catch::Contains("the deck has no card '21S'"));
}

}  // namespace hukum
