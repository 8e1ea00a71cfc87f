// A deal step written in Lua (hooks.steps, engine/script_step.cc): the kitty of
// tests/fixtures/hooks/kitty.{yaml,lua}. Its questions are ordinary actions; it
// moves cards out of the stock, sets the trump and the contract, and a copied
// game carries its state.
#include <catch2/catch.hpp>

#include "engine/action.h"
#include "hooked_deal.h"

namespace hukum::test {
namespace {

Action word(const Ruleset& rules, const std::string& text) {
  Action a;
  std::string why;
  REQUIRE(parse_action(rules, text, &a, &why));
  return a;
}

int held(const GameState& g, int seat) { return (g.hand_of(seat) | g.hidden_of(seat)).size(); }

}  // namespace

TEST_CASE("a Lua deal step asks, moves the kitty, buries and names the trump", "[lua][steps]") {
  HookedDeal t("tests/fixtures/hooks/kitty.yaml", 3);
  const Ruleset& rules = t.rules;
  GameState& g = *t.game;
  // Dealer N (seat 0): E speaks first; everyone holds seven, four stay undealt.
  REQUIRE(g.phase() == Phase::Question);
  CHECK(g.to_move() == 1);
  CHECK(legal_text(rules, g.legal()) == "claim, decline");
  CHECK(g.stock().size() == 4);
  for (int s = 0; s < 4; ++s) CHECK(held(g, s) == 7);
  // E and S decline, W claims.
  REQUIRE(g.apply(word(rules, "decline")) == "");
  CHECK(g.to_move() == 2);
  CHECK_THAT(g.apply(word(rules, "bury")), Catch::Contains("is not legal for S now (legal: claim, decline)"));
  REQUIRE(g.apply(word(rules, "decline")) == "");
  const CardSet kitty = g.stock();
  REQUIRE(g.apply(word(rules, "claim")) == "");
  // W took the kitty into its hand and must bury four cards, one at a time.
  CHECK(g.stock().empty());
  CHECK((g.hand_of(3) & kitty) == kitty);
  CHECK(g.bidder() == 3);
  CHECK(g.contract() == 1);
  for (int k = 0; k < 4; ++k) {
    REQUIRE(g.phase() == Phase::Question);
    CHECK(g.to_move() == 3);
    CHECK(g.legal().card_kind == ActionKind::Choose);
    CHECK(g.legal().cards == g.hand_of(3));
    REQUIRE(g.apply(Action{ActionKind::Choose, g.hand_of(3).first(), 0, 0}) == "");
  }
  CHECK(g.hidden_of(3).size() == 4);
  CHECK(legal_text(rules, g.legal()) == "spades, hearts, diamonds, clubs");  // in the order asked
  REQUIRE(g.apply(word(rules, "hearts")) == "");
  // The step is done: hearts are trump, the play begins with seven cards each.
  CHECK(g.phase() == Phase::Play);
  CHECK(g.trump_suit() == 1);
  CHECK(g.to_move() == 1);
  for (int s = 0; s < 4; ++s) CHECK(g.hand_of(s).size() == 7);
}

TEST_CASE("the dealer, last to speak, must claim the kitty", "[lua][steps]") {
  HookedDeal t("tests/fixtures/hooks/kitty.yaml", 5);
  GameState& g = *t.game;
  for (int k = 0; k < 3; ++k) REQUIRE(g.apply(word(t.rules, "decline")) == "");
  CHECK(g.to_move() == 0);
  CHECK(legal_text(t.rules, g.legal()) == "claim");
}

TEST_CASE("a copy taken during a Lua step's question plays on like the original", "[lua][steps]") {
  HookedDeal t("tests/fixtures/hooks/kitty.yaml", 8);
  GameState& g = *t.game;
  REQUIRE(g.apply(word(t.rules, "claim")) == "");  // E claims; the copy is taken while E buries
  GameState copy = g;
  Rng a{4}, b{4};
  while (!g.deal_over()) REQUIRE(g.apply(g.legal().at(int(a.below(uint32_t(g.legal().count()))))) == "");
  while (!copy.deal_over()) REQUIRE(copy.apply(copy.legal().at(int(b.below(uint32_t(copy.legal().count()))))) == "");
  CHECK(g.result().winner_team == copy.result().winner_team);
  CHECK(g.hidden_of(1) == copy.hidden_of(1));
  for (int s = 0; s < 4; ++s) CHECK(g.captured_by(s) == copy.captured_by(s));
}

TEST_CASE("random play of the Lua kitty step keeps every card in one place", "[lua][steps]") {
  HookedDeal t("tests/fixtures/hooks/kitty.yaml", 1);
  Rng rng{77};
  for (int deal = 0; deal < 300; ++deal) {
    GameState g(t.rules, &t.host);
    REQUIRE(g.start_deal(deal % 4, deal, rng) == "");
    int questions = 0;
    while (!g.deal_over()) {
      REQUIRE(!g.legal().empty());
      if (g.phase() == Phase::Question) ++questions;
      REQUIRE(g.apply(g.legal().at(int(rng.below(uint32_t(g.legal().count()))))) == "");
    }
    // A claim (after 0-3 declines), four burials and the trump: 6 to 9 questions.
    CHECK(questions >= 6);
    CHECK(questions <= 9);
    CardSet everywhere;
    int total = 0;
    for (const Place& p : g.places()) {
      CHECK((everywhere & g.cards_in(p)).empty());
      everywhere |= g.cards_in(p);
      total += g.cards_in(p).size();
    }
    CHECK(total == 32);
    CHECK(g.hidden_of(g.bidder()).size() == 4);  // the buried cards stay face down to the end
  }
}

}  // namespace hukum::test

namespace hukum::test {

TEST_CASE("a failing Lua deal step names its step, script and line", "[lua][steps]") {
  Ruleset rules = load_bundled("tests/fixtures/hooks/kitty_broken.yaml");
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(rules, diags));
  GameState g(rules, &host);
  Rng rng{1};
  const std::string err = g.start_deal(0, 0, rng);
  CHECK_THAT(err, Catch::Contains("take_kitty") && Catch::Contains("kitty_broken.lua:5:") &&
                      Catch::Contains("the kitty has 4 cards, none today"));
}

}  // namespace hukum::test

namespace hukum::test {

TEST_CASE("a Lua deal step that asks forever is stopped after 1000 answers", "[lua][steps]") {
  HookedDeal t("tests/fixtures/hooks/kitty_stall.yaml", 2);
  GameState& g = *t.game;
  Action decline;
  std::string why;
  REQUIRE(parse_action(t.rules, "decline", &decline, &why));
  std::string err;
  int answers = 0;
  while (err.empty() && answers < 2000) {
    err = g.apply(decline);
    ++answers;
  }
  CHECK(answers == 1001);
  CHECK_THAT(err, Catch::Contains("asked 1000 questions without finishing"));
}

}  // namespace hukum::test

namespace hukum::test {

TEST_CASE("a Lua auction asks for pass or a bid from a list of values", "[lua][steps]") {
  HookedDeal t("tests/fixtures/hooks/bid_values.yaml", 6);
  const Ruleset& rules = t.rules;
  GameState& g = *t.game;
  REQUIRE(g.phase() == Phase::Question);
  CHECK(g.to_move() == 1);
  CHECK(g.legal().count() == 17);  // pass and the sixteen values
  CHECK(legal_text(rules, g.legal()).rfind("pass, say 18, say 20, say 22, say 23, say 24, say 27", 0) == 0);
  REQUIRE(g.apply(word(rules, "say 23")) == "");
  // The next seat may only go higher: 24 and up; 19 and 23 are not bids.
  CHECK(legal_text(rules, g.legal()).rfind("pass, say 24, say 27, say 30", 0) == 0);
  CHECK_THAT(g.apply(word(rules, "say 19")), Catch::Contains("is not legal for S now"));
  CHECK_THAT(g.apply(word(rules, "say 23")), Catch::Contains("is not legal for S now"));
  REQUIRE(g.apply(word(rules, "pass")) == "");
  REQUIRE(g.apply(word(rules, "say 50")) == "");
  // Nothing is above 50: the last seat can only pass.
  CHECK(legal_text(rules, g.legal()) == "pass");
  REQUIRE(g.apply(word(rules, "pass")) == "");
  CHECK(g.phase() == Phase::Play);
  CHECK(g.bidder() == 3);
  CHECK(g.contract() == 50);
}

}  // namespace hukum::test

namespace hukum::test {

TEST_CASE("take_turn_up's seat: bidder is the bidder a Lua auction named; nobody when all passed", "[lua][steps]") {
  {
    HookedDeal t("tests/fixtures/hooks/bid_then_take.yaml", 6);
    const Ruleset& rules = t.rules;
    GameState& g = *t.game;
    REQUIRE(g.question().tag == "question");  // the Lua auction
    for (const char* said : {"pass", "say 20", "pass", "pass"}) REQUIRE(g.apply(word(rules, said)) == "");
    REQUIRE(g.bidder() == 2);  // S said 20 (dealer N; E speaks first)
    // S took the turn-up into the hand and discards one card face down.
    REQUIRE(g.question().tag == "discard");
    CHECK(g.to_move() == 2);
    CHECK(g.hand_of(2).size() == 8);
    CHECK(g.legal().cards == g.hand_of(2));
    REQUIRE(g.apply(g.legal().at(0)) == "");
    CHECK(g.phase() == Phase::Play);
    CHECK(g.hand_of(2).size() == 7);
    CHECK(g.hidden_of(2).size() == 1);
  }
  {
    HookedDeal t("tests/fixtures/hooks/bid_then_take.yaml", 6);
    GameState& g = *t.game;
    for (int k = 0; k < 4; ++k) REQUIRE(g.apply(word(t.rules, "pass")) == "");
    CHECK(g.bidder() < 0);
    // No bidder: the turn-up is turned down, out of the deal; play begins.
    CHECK(g.phase() == Phase::Play);
    for (int s = 0; s < 4; ++s) CHECK(g.hand_of(s).size() == 7);
  }
}

}  // namespace hukum::test
