// Hands laid face up, seats played by another seat, and hook state kept for
// the match (engine/seat_control.cc), on tests/fixtures/hooks/dummy.{yaml,lua}:
// after the opening lead the dealer's partner is a dummy, shown and played by
// the dealer; the match ends when a team has won two deals (game.match_vars).
#include <catch2/catch.hpp>

#include <algorithm>

#include "hooked_deal.h"
#include "session/matches/match.h"
#include "session/observation/observation.h"
#include "session/matches/players.h"
#include "session/matches/runner.h"

namespace hukum::test {
namespace {

// The cards of `owner`'s hand that `viewer` sees in its observation.
CardSet seen_hand(const GameState& g, int viewer, int owner) {
  for (const auto& z : observe(g, viewer, {}).zones)
    if (z.place.zone == Zone::Hand && z.place.seat == owner) return z.cards;
  return CardSet();
}

// Records who was asked to decide, for whom.
struct AskLog final : Player {
  int seat;
  std::vector<std::pair<int, int>>* asked;  // (deciding seat, seat to move)
  Rng rng{5};
  AskLog(int s, std::vector<std::pair<int, int>>* log) : seat(s), asked(log) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override {
    const Observation o = view.observe({});
    asked->push_back({view.seat(), o.to_move});
    REQUIRE(o.legal.count() == legal.count());  // the decider sees the legal actions
    *out = legal.at(int(rng.below(uint32_t(legal.count()))));
    return true;
  }
};

}  // namespace

TEST_CASE("after the opening lead the dummy is face up to all and played by the dealer", "[lua][seats]") {
  HookedDeal t("tests/fixtures/hooks/dummy.yaml", 11);
  GameState& g = *t.game;
  // Dealer N (0); W (3) leads (play goes counterclockwise), then S (2), the dummy.
  REQUIRE(g.phase() == Phase::Play);
  REQUIRE(g.to_move() == 3);
  CHECK(g.decider() == 3);
  CHECK(seen_hand(g, 1, 2).empty());
  CHECK(seen_hand(g, 3, 2).empty());
  const CardSet dummy_hand = g.hand_of(2);
  REQUIRE(g.try_apply(g.legal().at(0)));
  // S to move, N decides: N sees the legal plays, S does not; everyone sees S's hand.
  REQUIRE(g.to_move() == 2);
  CHECK(g.decider() == 0);
  CHECK(g.controller(2) == 0);
  CHECK(g.controller(3) == 3);
  for (int viewer : {0, 1, 3}) CHECK(seen_hand(g, viewer, 2) == dummy_hand);
  const Observation by_n = observe(g, 0, {}), by_s = observe(g, 2, {});
  CHECK(by_n.legal.count() == g.legal().count());
  CHECK(by_n.playing_for == 2);
  CHECK(by_s.legal.count() == 0);
  CHECK(by_s.playing_for == kNoSeat);
  CHECK(observation_json(t.rules, by_n)["playing_for"] == "S");
  // A defender's sampled worlds keep the dummy's cards where they are.
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    GameState world(g);
    Rng rng{seed};
    world.redeal_unseen(1, rng);
    CHECK(world.hand_of(2) == g.hand_of(2));
    CHECK(world.hand_of(1) == g.hand_of(1));
  }
  // The next deal starts with every seat its own controller again.
  while (!g.deal_over()) REQUIRE(g.try_apply(g.legal().at(0)));
  Rng rng{12};
  REQUIRE(g.start_deal(1, 1, rng) == "");
  for (int s = 0; s < 4; ++s) CHECK(g.controller(s) == s);
}

TEST_CASE("a runner asks the controller's player for the dummy's moves", "[lua][seats]") {
  const Ruleset rules = load_bundled("tests/fixtures/hooks/dummy.yaml");
  Match match(rules, 3, 1);
  REQUIRE(match.ok());
  std::vector<std::pair<int, int>> asked;
  AskLog n(0, &asked), e(1, &asked), s(2, &asked), w(3, &asked);
  const RunResult r = run_match(match, {&n, &e, &s, &w}, {});
  REQUIRE(r.outcome == RunOutcome::Finished);
  const int dealer = match.state().dealer(), dummy = (dealer + 2) % 4;
  int for_dummy = 0;
  for (auto [decider, mover] : asked) {
    CHECK(decider != dummy);  // the dummy's player is never asked
    if (mover == dummy) {
      CHECK(decider == dealer);
      ++for_dummy;
    } else {
      CHECK(decider == mover);
    }
  }
  CHECK(for_dummy == 13);  // one card to each trick, all after the opening lead
}

TEST_CASE("game.match_vars last for the match, start empty with the next, and stay with a copy", "[lua][seats]") {
  const Ruleset rules = load_bundled("tests/fixtures/hooks/dummy.yaml");
  int matches_ended_by_hook = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Match match(rules, seed);
    REQUIRE(match.ok());
    RandomPlayer a(seed), b(seed + 1), c(seed + 2), d(seed + 3);
    REQUIRE(run_match(match, {&a, &b, &c, &d}, {}).outcome == RunOutcome::Finished);
    const VarValue& m = *match.state().match_vars();
    REQUIRE(m.find("deals") != nullptr);
    CHECK(m.find("deals")->integer == match.deals_played());
    const VarValue* won = m.find("won");
    REQUIRE(won != nullptr);
    int most = 0;
    for (const auto& [team, count] : won->entries) most = std::max<int>(most, int(count.integer));
    if (match.ended_by_hook()) {
      ++matches_ended_by_hook;
      CHECK(most == 2);
    } else {
      CHECK(most < 2);
    }
    // A new match on the same table starts with none; a copy of a deal in
    // progress scores into its own match_vars, never the original's.
    const VarValue before = m;
    {
      GameState copy(match.state());
      Rng rng{seed};
      REQUIRE(copy.start_deal(0, match.deals_played(), rng) == "");
      while (!copy.deal_over()) REQUIRE(copy.try_apply(copy.legal().at(0)));
      CHECK(copy.match_vars()->find("deals")->integer == match.deals_played() + 1);
    }
    CHECK(*match.state().match_vars() == before);
    match.restart(seed + 100);
    CHECK(*match.state().match_vars() == VarValue::table());
  }
  CHECK(matches_ended_by_hook > 20);
}

}  // namespace hukum::test

namespace hukum::test {

TEST_CASE("teams.deal_sides bidder_alone: the auction's winner plays alone this deal", "[lua][seats]") {
  const Ruleset rules = load_bundled("tests/fixtures/sides/bidder_alone.yaml");
  REQUIRE(rules.deal_sides == Ruleset::DealSides::BidderAlone);
  GameState g(rules, nullptr);
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Rng rng{seed};
    REQUIRE(g.start_deal(int(seed % 4), 0, rng) == "");
    CHECK_FALSE(g.sides_changed());
    for (int s = 0; s < 4; ++s) CHECK(g.side_of(s) == rules.team_of[size_t(s)]);
    while (!g.deal_over() && g.bidder() < 0) REQUIRE(g.try_apply(g.legal().at(g.legal().count() - 1)));
    if (g.bidder() < 0) continue;
    CHECK(g.sides_changed());
    for (int s = 0; s < 4; ++s) CHECK(g.same_side(s, g.bidder()) == (s == g.bidder()));
    CHECK(observe(g, 0, {}).sides.size() == 4);
  }
}

TEST_CASE("game.set_sides: the dealer and the holder of a called card against the rest", "[lua][seats]") {
  const Ruleset rules = load_bundled("tests/fixtures/hooks/called_card.yaml");
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(rules, diags));
  GameState g(rules, &host);
  int alone = 0, paired = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Rng rng{seed};
    const int dealer = int(seed % 4);
    REQUIRE(g.start_deal(dealer, 0, rng) == "");
    REQUIRE(g.phase() == Phase::Play);
    const Card ace = rules.deck.parse_card("AS");
    REQUIRE(ace != kNoCard);
    int holder = -1;
    for (int s = 0; s < 4; ++s)
      if (g.hand_of(s).contains(ace)) holder = s;
    for (int s = 0; s < 4; ++s) {
      INFO("seed " << seed << " dealer " << dealer << " holder " << holder << " seat " << s);
      CHECK(g.same_side(s, dealer) == (s == dealer || s == holder));
    }
    (holder == dealer ? alone : paired)++;
    const auto json = observation_json(rules, observe(g, (dealer + 1) % 4, {}));
    REQUIRE(json.contains("sides"));
    const auto& first = json["sides"][0];  // the side listed first: the dealer's
    CHECK(std::find(first.begin(), first.end(), rules.seat_names[size_t(dealer)]) != first.end());
    CHECK(first.size() == (holder == dealer ? 1u : 2u));
  }
  CHECK(alone > 0);
  CHECK(paired > 0);
  // A partition is checked: every seat on exactly one side.
  CHECK(g.set_sides({{0, 1}, {1, 2, 3}}) == "seat E is on two sides");
  CHECK(g.set_sides({{0, 1}, {2}}) == "seat W is on no side");
  CHECK(g.set_sides({{0}, {}, {1, 2, 3}}) == "side 2 has no seat");
  CHECK(g.set_sides({{0, 1, 2, 3}}) == "");
  for (int s = 1; s < 4; ++s) CHECK(g.same_side(0, s));
}

}  // namespace hukum::test
