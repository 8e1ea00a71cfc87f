// GameState::question(): every decision described the same way (engine/question.h),
// whatever step asks; observations and the agent protocol carry it.
#include <catch2/catch.hpp>

#include "engine/state.h"
#include "session/matches/match.h"
#include "session/observation/observation.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// Plays the first legal action until `stop` holds or the deal ends.
template <class Stop>
void answer_until(GameState& g, Stop stop) {
  for (int guard = 0; guard < 400 && !g.deal_over() && !stop(g); ++guard) REQUIRE(g.apply(g.legal().at(0)) == "");
}

}  // namespace

TEST_CASE("question: trick play, then the deal over", "[unit]") {
  const Ruleset r = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", "cut_hukum"}});
  GameState g(r, nullptr);
  Rng rng{7};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  REQUIRE(g.phase() == Phase::Play);
  Question q = g.question();
  CHECK(q.tag == "play");
  CHECK(q.step.empty());
  CHECK(q.seat == g.to_move());
  CHECK_FALSE(q.together);
  CHECK_FALSE(q.answer_hidden);
  answer_until(g, [](const GameState&) { return false; });
  REQUIRE(g.deal_over());
  q = g.question();
  CHECK(q.tag == "deal_over");
  CHECK(q.seat == -1);
  const Observation o = observe(g, 0, {0, 0});
  CHECK(observation_json(r, o).count("question") == 0);  // nobody is asked
}

TEST_CASE("question: a simultaneous choice is asked of every seat together, answers face down", "[unit]") {
  const Ruleset r = test::load_bundled("tests/fixtures/hooks/choose_pass.yaml");
  GameState g(r, nullptr);
  Rng rng{1};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  REQUIRE(g.phase() == Phase::Question);
  const Question q = g.question();
  CHECK(q.tag == "choose");
  CHECK(q.step == "choose");
  CHECK(q.together);
  CHECK(q.answer_hidden);
  const auto j = observation_json(r, observe(g, g.to_move(), {0, 0}));
  CHECK(j["phase"] == "choose");
  CHECK(j["question"]["tag"] == "choose");
  CHECK(j["question"]["together"] == true);
  CHECK(j["question"]["answer_hidden"] == true);
  // The one-line writer agrees with the JSON tree, question included.
  CHECK(observation_text(r, observe(g, g.to_move(), {0, 0})) == j.dump());
}

TEST_CASE("question: each step's tag, step word and table prompt (Euchre, Twenty-eight)", "[unit]") {
  SECTION("Euchre: the trump auction, the declaration, the dealer's discard") {
    const Ruleset r = test::load_bundled("rulesets/euchre/euchre.yaml");
    Match match(r, 20261127);
    REQUIRE(match.ok());
    bool saw_auction = false, saw_declare = false, saw_discard = false;
    for (int deal = 0; deal < 40 && !(saw_auction && saw_declare && saw_discard); ++deal) {
      REQUIRE(match.start_deal() == "");
      GameState& g = match.state();
      while (!g.deal_over() && g.phase() == Phase::Question) {
        const Question q = g.question();
        CHECK(q.step == (q.tag == "discard" ? "take_turn_up" : q.tag));
        if (q.tag == "trump_auction") {
          saw_auction = true;
          CHECK_FALSE(q.answer_hidden);
          // The first round's answers: accept the turn-up's suit or pass.
          Action accept;
          std::string why;
          REQUIRE(parse_action(r, g.legal().can_accept ? "accept" : "pass", &accept, &why));
          REQUIRE(g.apply(accept) == "");
          continue;
        }
        if (q.tag == "declare") {
          saw_declare = true;
          CHECK(q.prompt.find("Declaration: '") == 0);
        } else if (q.tag == "discard") {
          saw_discard = true;
          CHECK(q.answer_hidden);
          CHECK(q.prompt == "You took the turn-up: discard a card face down (discard <card>)");
        } else {
          FAIL("unexpected question " << q.tag);
        }
        REQUIRE(g.apply(g.legal().at(0)) == "");
      }
    }
    CHECK(saw_auction);
    CHECK(saw_declare);
    CHECK(saw_discard);
  }
  SECTION("Twenty-eight: a registered kind's tag is its name; the raise is a fixed row's") {
    const Ruleset r = test::load_bundled("rulesets/twenty-eight/twenty-eight.yaml");
    Match match(r, 3);
    REQUIRE(match.ok());
    REQUIRE(match.start_deal() == "");
    GameState& g = match.state();
    Question q = g.question();
    CHECK(q.tag == "calls");
    CHECK(q.step == "calls");
    CHECK(q.prompt.empty() == (r.deal[1].registered->prompt == nullptr));
    answer_until(g, [](const GameState& s) { return s.question().tag != "calls"; });
    q = g.question();
    CHECK(q.tag == "set_aside");
    CHECK(q.answer_hidden);  // the trump card goes face down
    answer_until(g, [](const GameState& s) { return s.question().tag != "set_aside"; });
    CHECK(g.question().tag == "raise");
  }
}

}  // namespace hukum
