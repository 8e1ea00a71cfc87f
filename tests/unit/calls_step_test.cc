// The auction of calls, a deal-step kind of its own row (engine/steps/calls.cc):
// found by name with the words its answers use, its state and the deal's
// record of calls carried by a copied game, its legal answers shaped as the
// ruleset says (named or numbered calls, the engine's own bids), the opener
// who must call and the floor over one's partner, and random auctions that
// always end with the record, the contract and the trump agreeing.
#include <catch2/catch.hpp>

#include <map>

#include "engine/state.h"
#include "ruleset/step_kind.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

Action word(const Ruleset& r, const std::string& w) {
  Action a;
  a.kind = ActionKind::Extra;
  a.word = uint8_t(action_word_index(r, w));
  return a;
}

Action pass() {
  Action a;
  a.kind = ActionKind::Pass;
  return a;
}

}  // namespace

TEST_CASE("calls is a registered step kind whose words join the ruleset's", "[unit][steps]") {
  const StepKindRow* calls = find_step_kind("calls");
  REQUIRE(calls != nullptr);
  CHECK(calls->offers_pass);
  CHECK(calls->names_bidder);
  const Ruleset r = test::load_bundled("tests/fixtures/steps/calls.yaml");
  for (const char* w : {"1clubs", "3nt", "double", "redouble"}) CHECK(action_word_index(r, w) >= 0);
  CHECK(action_word_index(r, "pass") < 0);  // the engine's own word
}

TEST_CASE("a copied game carries the auction's state and record: both end alike", "[unit][steps]") {
  const Ruleset r = test::load_bundled("tests/fixtures/steps/calls.yaml");
  GameState g(r, nullptr);
  Rng rng{3};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  REQUIRE(g.question().tag == "calls");
  REQUIRE(g.try_apply(word(r, "1hearts")));
  REQUIRE(g.try_apply(word(r, "double")));

  GameState copy = g;  // mid-auction: the standing call, its doubling and the record
  for (GameState* s : {&g, &copy}) {
    REQUIRE(s->try_apply(pass()));
    REQUIRE(s->try_apply(pass()));
    REQUIRE(s->question().tag == "calls");
    REQUIRE(s->try_apply(pass()));
    CHECK(s->phase() == Phase::Play);
    CHECK(s->bidder() == 0);  // N, the dealer, called 1hearts
    CHECK(s->contract() == 5);
    CHECK(s->contract_doubled() == 1);
    CHECK(s->contract_word() == action_word_index(r, "1hearts"));
    CHECK(s->trump_suit() == r.deck.suit_index("H"));
    REQUIRE(s->calls_said()->size() == 5);
    CHECK((*s->calls_said())[1].seat == 1);
  }
}

TEST_CASE("numbered calls are offered as a word with its values, duels ask hold or pass", "[unit][steps]") {
  const Ruleset r = test::load_bundled("tests/fixtures/steps/calls_duel.yaml");
  GameState g(r, nullptr);
  Rng rng{5};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  const LegalActions& legal = g.legal();
  CHECK(legal.can_pass);
  REQUIRE(legal.number_words.size() == 1);
  CHECK(r.action_words[legal.number_words[0]] == "say");
  CHECK(legal.word_values == std::vector<int16_t>{61, 65, 70, 75, 80, 90, 100});
  Action say;
  say.kind = ActionKind::WordNumber;
  say.word = legal.number_words[0];
  say.value = 70;
  REQUIRE(g.try_apply(say));
  CHECK(g.legal().words == std::vector<uint8_t>{uint8_t(action_word_index(r, "hold"))});
  CHECK(g.legal().number_words.empty());
}

TEST_CASE("the opener must call first; over a partner's call the partner floor holds", "[unit][steps]") {
  const Ruleset r = test::load_bundled("tests/fixtures/steps/calls.yaml", {{"auction", "floors"}});
  GameState g(r, nullptr);
  Rng rng{7};
  REQUIRE(g.start_deal(0, 0, rng) == "");  // N deals and opens
  CHECK_FALSE(g.legal().can_pass);
  CHECK(g.legal().words.size() == 4);  // small, middle, big, grand
  CHECK_FALSE(g.try_apply(pass()));
  REQUIRE(g.try_apply(word(r, "small")));  // worth 5
  CHECK(g.legal().can_pass);  // only the first call must be one
  REQUIRE(g.try_apply(pass()));  // E
  // S, N's partner: middle (6) is below the floor of 7.
  CHECK(g.legal().words == std::vector<uint8_t>{uint8_t(action_word_index(r, "big")), uint8_t(action_word_index(r, "grand"))});
  CHECK_FALSE(g.try_apply(word(r, "middle")));
  REQUIRE(g.try_apply(pass()));
  // W, an opponent: no floor.
  CHECK(g.legal().words.size() == 3);
  REQUIRE(g.try_apply(word(r, "middle")));
}

TEST_CASE("the engine's bid as the numbered word: plain numbers, Twenty-eight's auction alike", "[unit][steps]") {
  const Ruleset r = test::load_bundled("tests/fixtures/steps/calls.yaml", {{"auction", "bids"}});
  CHECK(action_word_index(r, "bid") < 0);  // the engine's word, no action word
  int low = 0, high = 0;
  REQUIRE(engine_bid_range(r, &low, &high));
  CHECK((low == 5 && high == 8));
  GameState g(r, nullptr);
  Rng rng{7};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  const LegalActions& legal = g.legal();
  CHECK(legal.number_kind == ActionKind::Bid);
  CHECK((legal.low == 5 && legal.high == 8));
  CHECK_FALSE(legal.can_pass);
  CHECK(legal.number_words.empty());
  REQUIRE(g.try_apply(Action{ActionKind::Bid, kNoCard, 0, 5}));
  CHECK((g.high_bid() == 5 && g.high_bidder() == 0));
  REQUIRE(g.try_apply(pass()));
  CHECK((g.legal().low == 7 && g.legal().high == 8));  // S over its partner N: the floor of 7
  // Twenty-eight's numeric auction is this step: the same answers.
  const Ruleset t28 = test::load_bundled("rulesets/twenty-eight/twenty-eight.yaml");
  REQUIRE(engine_bid_range(t28, &low, &high));
  CHECK((low == 14 && high == 28));
  GameState a(t28, nullptr);
  REQUIRE(a.start_deal(0, 0, rng) == "");
  CHECK(a.waiting_step_name() == "calls");
  CHECK(a.waiting_step()->registered == find_step_kind("calls"));
  CHECK((a.legal().number_kind == ActionKind::Bid && a.legal().low == 14 && a.legal().high == 28));
  CHECK_FALSE(a.legal().can_pass);  // opener_must_bid
}

TEST_CASE("random auctions of calls end with the record, contract and trump agreeing", "[unit][steps]") {
  const std::vector<std::pair<const char*, std::map<std::string, std::string>>> rulesets = {
      {"tests/fixtures/steps/calls.yaml", {}},
      {"tests/fixtures/steps/calls.yaml", {{"auction", "floors"}}},
      {"tests/fixtures/steps/calls.yaml", {{"auction", "bids"}}},
      {"tests/fixtures/steps/calls_duel.yaml", {}}};
  for (const auto& [file, options] : rulesets) {
    const Ruleset r = test::load_bundled(file, options);
    Rng rng{11};
    for (int deal = 0; deal < 300; ++deal) {
      GameState g(r, nullptr);
      REQUIRE(g.start_deal(deal % r.seats, deal, rng) == "");
      int turns = 0;
      while (g.question().tag == "calls") {
        REQUIRE(!g.legal().empty());
        REQUIRE(g.try_apply(g.legal().at(int(rng.below(uint32_t(g.legal().count()))))));
        REQUIRE(++turns < 2500);  // bounded: every call must be higher
      }
      CHECK(int(g.calls_said()->size()) == turns);
      if (g.bidder() >= 0) {
        CHECK(g.contract() > 0);
        // The contract's value is one of a call the record holds.
        bool called = false;
        for (const SaidCall& c : *g.calls_said())
          called |= ((c.action.kind == ActionKind::WordNumber || c.action.kind == ActionKind::Bid) &&
                     c.action.value == g.contract()) ||
                    (c.action.kind == ActionKind::Extra && int(c.action.word) == g.contract_word());
        CHECK(called);
      } else {
        CHECK(g.contract_word() < 0);
      }
    }
  }
}

}  // namespace hukum
