// The kitty, a deal-step kind of its own row (engine/steps/kitty.cc,
// ruleset/step_kind.h): found by name, in the format's schema, its state
// carried by a copied game, hidden from the other seats unless shown, and its
// waiting phase named in observations.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "engine/state.h"
#include "ruleset/schema.h"
#include "ruleset/step_kind.h"
#include "session/observation/observation.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// Plays the deal's auction out until the kitty step waits: the first seat to
// speak bids the lowest bid, every later call passes.
void reach_kitty(GameState& g) {
  bool bid = false;
  while (g.waiting_step_name() == "calls") {
    Action a;
    if (!bid && g.legal().numbers() > 0) {
      a.kind = g.legal().number_kind;
      a.value = g.legal().low;
      bid = true;
    } else {
      a.kind = ActionKind::Pass;
    }
    REQUIRE(g.try_apply(a));
  }
}

Action of_kind(ActionKind kind, Card card = kNoCard) {
  Action a;
  a.kind = kind;
  a.card = card;
  return a;
}

}  // namespace

TEST_CASE("the kitty is a registered step kind: found by name and in the format", "[unit][steps]") {
  const StepKindRow* kitty = find_step_kind("kitty");
  REQUIRE(kitty != nullptr);
  CHECK(find_step_kind("no_such_kind") == nullptr);
  CHECK(std::find(registered_step_kinds().begin(), registered_step_kinds().end(), kitty) !=
        registered_step_kinds().end());
  // The reference generated from the schema documents it and its parameters.
  const std::string reference = schema_markdown();
  CHECK(reference.find("kitty") != std::string::npos);
  CHECK(reference.find("counts_for_taker") != std::string::npos);
}

TEST_CASE("a copied game carries the kitty's own state: both finish the discards alike", "[unit][steps]") {
  const Ruleset r = test::load_bundled("tests/fixtures/steps/kitty.yaml");
  GameState g(r, nullptr);
  Rng rng{7};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  reach_kitty(g);
  REQUIRE(g.question().tag == "kitty");
  const int taker = g.to_move();
  const CardSet before = g.hand_of(taker);
  REQUIRE(g.try_apply(of_kind(ActionKind::Accept)));
  CHECK(g.hand_of(taker).size() == before.size() + 4);
  REQUIRE(g.try_apply(of_kind(ActionKind::Discard, g.legal().cards.first())));

  GameState copy = g;  // mid-discard: three discards left in the step's slot
  for (GameState* s : {&g, &copy}) {
    for (int k = 0; k < 3; ++k) {
      REQUIRE(s->question().tag == "kitty");
      REQUIRE(s->try_apply(of_kind(ActionKind::Discard, s->legal().cards.first())));
    }
    CHECK(s->phase() == Phase::Play);
    CHECK(s->hand_of(taker).size() == before.size());
    CHECK(s->hidden_of(taker).size() == 4);
  }
  CHECK(g.hidden_of(taker) == copy.hidden_of(taker));
}

TEST_CASE("the kitty is seen by its taker only; its phase is named in observations", "[unit][steps]") {
  const Ruleset r = test::load_bundled("tests/fixtures/steps/kitty.yaml");
  GameState g(r, nullptr);
  Rng rng{3};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  reach_kitty(g);
  const int taker = g.to_move();
  const CardSet kitty = g.stock();
  REQUIRE(kitty.size() == 4);
  CHECK(observation_json(r, observe(g, taker, {}))["phase"] == "kitty");
  REQUIRE(g.try_apply(of_kind(ActionKind::Accept)));
  for (int seat = 0; seat < r.seats; ++seat) {
    const Observation o = observe(g, seat, {});
    const std::string text = observation_json(r, o).dump();
    for (Card c : kitty)
      CHECK((text.find('"' + r.deck.card_text(c) + '"') != std::string::npos) == (seat == taker));
  }
}

}  // namespace hukum
