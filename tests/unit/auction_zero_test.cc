// A bid of 0 is a bid (the engine's bids from 0: `calls: {word: bid, from: 0}`): it stands, the others may pass it
// out, and the auction ends instead of asking the opener again (a defect found
// by rule authors; the auction is now the calls row, engine/steps/calls.cc).
#include <catch2/catch.hpp>

#include "engine/state.h"
#include "support/test_rulesets.h"

namespace hukum {

TEST_CASE("a bid of 0 counts as a call: passed out, it wins the auction", "[unit]") {
  const Ruleset r = test::load_text(R"(name: Zero bids
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9, 8, 7]}
teams: {layout: alternate, count: 2}
deal: [deal, {calls: {calls: {word: bid, from: 0, to: 8}}}]
result: {contract: [{bids: [0, 8], win: 1, lose: 1}], contract_on: tricks}
)");
  GameState g(r, nullptr);
  Rng rng{5};
  REQUIRE(g.start_deal(0, 0, rng) == "");
  REQUIRE(g.question().tag == "calls");  // the auction is the calls row (engine/steps/calls.cc)
  const int opener = g.to_move();
  CHECK(g.legal().low == 0);
  REQUIRE(g.apply(Action{ActionKind::Bid, kNoCard, 0, 0}) == "");
  // The next seat must now bid at least 1, or pass.
  CHECK(g.legal().low == 1);
  for (int k = 0; k < 3; ++k) REQUIRE(g.apply(Action{ActionKind::Pass, kNoCard, 0, 0}) == "");
  CHECK(g.phase() == Phase::Play);
  CHECK(g.bidder() == opener);
  CHECK(g.contract() == 0);
}

}  // namespace hukum
