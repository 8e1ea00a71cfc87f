// Trump structures chosen by the contract (play.trump_orders): which cards are
// trumps, what a lead asks to follow and which card wins, for Skat's grand,
// null and a suit game with the jacks on top (tests/fixtures/hooks/trump_orders).
#include <catch2/catch.hpp>

#include <sstream>

#include "engine/action.h"
#include "hooked_deal.h"

namespace hukum::test {
namespace {

// N: JC AC 10C 7C AH KH QH 7H   E: JS KC QC 8C 10H 9H 8H AD
// S: JH 9C AS KS QS 10S 9S 8S   W: JD 7S KD QD 10D 9D 8D 7D
struct OrderDeal {
  HookedTable table{"tests/fixtures/hooks/trump_orders.yaml"};
  GameState& g = *table.game;
  const Ruleset& rules = table.rules;
  explicit OrderDeal(const std::string& game_word) {
    FixedDeal fixed;
    for (const char* hand : {"JC AC 10C 7C AH KH QH 7H", "JS KC QC 8C 10H 9H 8H AD", "JH 9C AS KS QS 10S 9S 8S",
                             "JD 7S KD QD 10D 9D 8D 7D"}) {
      fixed.hands.emplace_back();
      std::string text = hand, word;
      for (std::istringstream in(text); in >> word;) fixed.hands.back().push_back(rules.deck.parse_card(word));
    }
    Rng rng{1};
    REQUIRE(g.start_deal(0, 0, rng, &fixed) == "");
    REQUIRE(g.phase() == Phase::Question);
    REQUIRE(g.apply(act(game_word)) == "");
    REQUIRE(g.phase() == Phase::Play);
  }
  Action act(const std::string& text) const {
    Action a;
    std::string why;
    REQUIRE(parse_action(rules, text, &a, &why));
    return a;
  }
  std::string legal() const { return legal_text(rules, g.legal()); }
  void play(const std::string& card) { REQUIRE(g.apply(act(card)) == ""); }
};

}  // namespace

TEST_CASE("grand: only the jacks are trumps, a suit of their own", "[lua][trump_orders]") {
  OrderDeal d("grand");
  CHECK(d.g.trump_suit() == -1);
  CHECK(d.rules.play.trump_orders[size_t(d.g.trump_order())].name == "grand");
  d.play("JS");                    // E leads a jack: a trump
  CHECK(d.legal() == "JH");        // S must follow with its jack
  d.play("JH");
  CHECK(d.legal() == "JD");
  d.play("JD");
  CHECK(d.legal() == "JC");
  d.play("JC");
  CHECK(d.g.last_trick_winner() == 0);  // JC is the highest trump
  // N leads a club: the jacks are not clubs, so E follows with its clubs only.
  d.play("AC");
  CHECK(d.legal() == "KC, QC, 8C");
}

TEST_CASE("null: no trump and the natural order, J above 10", "[lua][trump_orders]") {
  OrderDeal d("null");
  CHECK(d.g.trump_view().trumps.empty());
  d.play("10H");
  CHECK(d.legal() == "JH");  // S follows hearts
  d.play("JH");
  d.play("7D");
  d.play("7H");
  CHECK(d.g.last_trick_winner() == 2);  // JH beats 10H in null (it would not in the ruleset's order)
}

TEST_CASE("a suit game with the jacks above the suit: a jack follows the trump suit", "[lua][trump_orders]") {
  OrderDeal d("clubs");
  CHECK(d.g.trump_suit() == 3);
  d.play("8C");
  CHECK(d.legal() == "JH, 9C");  // S's jack is a club now
  d.play("9C");
  d.play("JD");                  // W's only club is its jack
  d.play("7C");
  CHECK(d.g.last_trick_winner() == 3);  // JD, the lowest jack, beats every plain club
}

TEST_CASE("a trump order is refused once a trump is set, and a trump once an order is", "[lua][trump_orders]") {
  OrderDeal d("clubs");
  CHECK(d.g.set_trump_order(0) == "trump is already set for this deal");
  CHECK(d.g.set_trump(1) == "trump is already set for this deal");
}

}  // namespace hukum::test
