// The fixed numbering of actions (session/observation/action_ids.h) and the observation
// array (session/observation/observation_tensor.h) that programs outside the engine use,
// and a copied match (the Python module's clone).
#include <catch2/catch.hpp>

#include <set>

#include "session/observation/action_ids.h"
#include "session/matches/match.h"
#include "session/observation/observation_tensor.h"
#include "ruleset/step_kind.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// Plays every deal of a short match at random, calling `check` at each decision.
template <class Check>
void each_decision(const Ruleset& rules, uint64_t seed, Check check) {
  Match match(rules, seed, 2);
  Rng bot(seed);
  while (!match.over()) {
    REQUIRE(match.start_deal() == "");
    GameState& g = match.state();
    while (!g.deal_over()) {
      check(match);
      const auto actions = g.legal().list();
      REQUIRE(g.apply(actions[bot.below(uint32_t(actions.size()))]) == "");
    }
    REQUIRE(match.finish_deal() == "");
  }
}

}  // namespace

TEST_CASE("every legal action has one id, and the id gives the action back", "[unit][action_ids]") {
  for (const char* game : {"mendikot/mendikot.yaml", "twenty-eight/twenty-eight.yaml", "truf/truf.yaml",
                           "chinese-ten/chinese-ten.yaml", "bridge/bridge.yaml", "skat/skat.yaml",
                           "euchre/euchre.yaml", "oh-hell/oh-hell.yaml"}) {
    INFO(game);
    const Ruleset rules = test::load_bundled(std::string("rulesets/") + game);
    const ActionIds ids(rules);
    each_decision(rules, 3, [&](const Match& m) {
      const LegalActions& legal = m.state().legal();
      std::set<int> seen;
      for (const Action& a : legal.list()) {
        const int id = ids.id(a, legal);
        REQUIRE(id >= 0);
        REQUIRE(id < ids.size());
        REQUIRE(seen.insert(id).second);
        Action back;
        REQUIRE(ids.action(id, legal, &back));
        REQUIRE(back == a);
        REQUIRE_FALSE(ids.describe(id).empty());
      }
      // An id that is not legal here gives no action.
      for (int id = 0; id < ids.size(); ++id) {
        Action a;
        REQUIRE(ids.action(id, legal, &a) == (seen.count(id) == 1));
      }
    });
  }
}

TEST_CASE("numbers get ids from the steps that ask them", "[unit][action_ids]") {
  const Ruleset skat = test::load_bundled("rulesets/skat/skat.yaml");
  const ActionIds ids(skat);
  std::set<std::string> meanings;
  for (int id = 0; id < ids.size(); ++id) meanings.insert(ids.describe(id));
  CHECK(meanings.count("say 18"));
  CHECK(meanings.count("say 264"));
  CHECK_FALSE(meanings.count("say 19"));  // only the values of the list
  const Ruleset t28 = test::load_bundled("rulesets/twenty-eight/twenty-eight.yaml");
  const ActionIds t28_ids(t28);
  int min_bid = 0, max_bid = 0;
  REQUIRE(engine_bid_range(t28, &min_bid, &max_bid));  // its auction: bid 14 to bid 28
  CHECK(t28_ids.plain_numbers().low == min_bid);
  CHECK(t28_ids.plain_numbers().high >= max_bid);
  // A hook's word asked with a number outside the window has no id.
  const Ruleset truf = test::load_bundled("rulesets/truf/truf.yaml");
  const int atas = action_word_index(truf, "atas");
  REQUIRE(atas >= 0);
  const ActionIds narrow(truf, {0, 2});
  LegalActions legal;
  legal.number_words = {uint8_t(atas)};
  legal.word_low = 0, legal.word_high = 5;
  CHECK(narrow.id(Action{ActionKind::WordNumber, kNoCard, uint8_t(atas), 2}, legal) >= 0);
  CHECK(narrow.id(Action{ActionKind::WordNumber, kNoCard, uint8_t(atas), 3}, legal) == -1);
  CHECK(ActionIds(truf).id(Action{ActionKind::WordNumber, kNoCard, uint8_t(atas), 13}, legal) >= 0);
}

TEST_CASE("the observation array shows what the seat sees and no more", "[unit][action_ids]") {
  const Ruleset rules = test::load_bundled("rulesets/mendikot/mendikot.yaml");
  const ObservationTensor tensor(rules);
  int covered = 0;
  for (const TensorSection& s : tensor.sections()) {
    REQUIRE(s.offset == covered);
    covered += s.size;
  }
  REQUIRE(covered == tensor.size());
  auto section = [&](const std::string& name) {
    for (const TensorSection& s : tensor.sections())
      if (s.name == name) return s;
    FAIL("no section " << name);
    return TensorSection{};
  };
  std::vector<float> out(size_t(tensor.size()));
  each_decision(rules, 5, [&](const Match& m) {
    const int seat = m.state().decider();
    const Observation o = observe(m.state(), seat, m.scores());
    tensor.encode(o, out.data());
    const TensorSection own = section("zone:hand:r0");
    for (int c = 0; c < own.size; ++c) REQUIRE((out[size_t(own.offset + c)] == 1.0f) == o.hand.contains(Card(c)));
    for (int r = 1; r < rules.seats; ++r) {
      const TensorSection other = section("zone:hand:r" + std::to_string(r));
      // Another hand shows only the cards its seat laid open (revealed to all).
      for (int c = 0; c < other.size; ++c)
        if (out[size_t(other.offset + c)] != 0.0f) REQUIRE(o.revealed.contains(Card(c)));
    }
    REQUIRE(out[size_t(section("deciding").offset)] == 1.0f);
  });
}

TEST_CASE("a copied match plays on alone", "[unit][action_ids]") {
  const Ruleset rules = test::load_bundled("rulesets/hearts/hearts.yaml");
  Match match(rules, 7, 3);
  REQUIRE(match.start_deal() == "");
  for (int k = 0; k < 10; ++k) REQUIRE(match.state().apply(match.state().legal().at(0)) == "");
  Match copy(match);
  const CardSet hand = match.state().hand(match.state().to_move());
  auto finish = [](Match& m) {
    while (!m.over()) {
      while (!m.state().deal_over()) REQUIRE(m.state().apply(m.state().legal().at(0)) == "");
      REQUIRE(m.finish_deal() == "");
      if (!m.over()) REQUIRE(m.start_deal() == "");
    }
  };
  finish(copy);
  CHECK(copy.deals_played() == 3);
  CHECK(match.deals_played() == 0);
  CHECK(match.state().hand(match.state().to_move()) == hand);
  finish(match);
  CHECK(match.scores() == copy.scores());  // the same moves from the same point: the same match
}

}  // namespace hukum
