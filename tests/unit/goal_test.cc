// What a seat plays for (session/bots/goal.h), read from the ruleset and the
// deal: a penalty ruleset gives "avoid", a points ruleset "gain", an exact
// bid "up to the bid"; and greedy plays by it (passes its dangerous cards,
// ducks under a trick with penalties).
#include <catch2/catch.hpp>

#include "engine/state.h"
#include "script/lua_host.h"
#include "session/bots/goal.h"
#include "session/bots/greedy.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// One ruleset in two scorings: the same deck and points, the match won by
// the highest or by the lowest total.
std::string small_game(const char* winner) {
  return std::string(R"(name: Small
seats: 4
teams: {layout: none}
direction: clockwise
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J]}
rank_order: [A, K, Q, J]
card_points: {AH: 1, KH: 1, QH: 1, JH: 1, QS: 5}
deal_packets: [4]
deal: [deal]
play: {first_lead: dealer_next, obligations: [follow_suit], trump: {method: none}}
result: {compare: [points], default_name: normal}
next_dealer: {dealer_team_won: next, dealer_team_lost: next, draw: next}
match: {deals: 1, first_dealer: N, winner: )") + winner + "}\n";
}

using test::cards;

// N leads the given card; E holds `east`, S and W the rest.
GameState after_lead(const Ruleset& r, const char* lead, CardSet north, CardSet east) {
  PlayPosition p;
  CardSet rest = r.deck.all & ~north & ~east;
  CardSet south, west;
  for (Card c : rest) (south.size() < 4 ? south : west).add(c);
  p.hands = {north, east, south, west};
  p.hidden = p.captured = std::vector<CardSet>(4);
  p.tricks_won = std::vector<int>(4, 0);
  p.leader = 0;
  GameState s(r, nullptr);
  REQUIRE(s.start_position(3, 0, p) == "");
  Action a;
  a.card = r.deck.parse_card(lead);
  REQUIRE(s.apply(a) == "");
  return s;
}

}  // namespace

TEST_CASE("goal: a penalty ruleset avoids points, a points ruleset gains them", "[unit][bots]") {
  const Ruleset gain = test::load_text(small_game("highest"));
  const Ruleset avoid = test::load_text(small_game("lowest"));
  CHECK(points_sign(gain) == 1);
  CHECK(points_sign(avoid) == -1);
  // The bundled games say it the same way.
  CHECK(points_sign(test::load_bundled("rulesets/hearts/hearts.yaml")) == -1);
  CHECK(points_sign(test::load_bundled("rulesets/mendikot/mendikot.yaml")) == 1);
  CHECK(points_sign(test::load_bundled("rulesets/oh-hell/oh-hell.yaml")) == 1);

  // E, second to a trick that holds a penalty (AH led), may win it with KH or
  // lose it with JH (and has no other heart): the gainer takes, the avoider ducks.
  for (const Ruleset* r : {&gain, &avoid}) {
    GameState s = after_lead(*r, "QH", cards(*r, {"QH", "AS", "AD", "AC"}), cards(*r, {"KH", "JH", "KS", "KD"}));
    CHECK(seat_goal(s, 1).sign == points_sign(*r));
    Rng rng{1};
    const Action a = greedy_action(s, rng);
    CHECK(r->deck.card_text(a.card) == (r == &gain ? "KH" : "JH"));
  }
  // Void in the suit led, the avoider throws its penalty; the gainer keeps it.
  for (const Ruleset* r : {&gain, &avoid}) {
    GameState s = after_lead(*r, "AD", cards(*r, {"AD", "AH", "AS", "AC"}), cards(*r, {"QS", "KH", "JS", "JC"}));
    Rng rng{1};
    const Action a = greedy_action(s, rng);
    if (r == &avoid) CHECK(r->deck.card_text(a.card) == "QS");
    else CHECK(r->deck.card_text(a.card) != "QS");
  }
}

TEST_CASE("goal: an exact bid wants tricks up to the bid and no more", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/oh-hell/oh-hell.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(r, diags));
  PlayPosition p;
  p.hands = {cards(r, {"2S", "3S"}), cards(r, {"AS", "KS"}), cards(r, {"4S", "5S"}), cards(r, {"6S", "7S"})};
  p.hidden = std::vector<CardSet>(4);
  CardSet rest = r.deck.all;
  for (CardSet h : p.hands) rest = rest & ~h;
  p.captured = {rest, CardSet(), CardSet(), CardSet()};
  p.tricks_won = {1, 0, 0, 0};
  p.tricks_played = 1;
  p.leader = 0;
  p.trump_suit = 3;
  p.bids = {1, 2, 0, 0};
  GameState s(r, &lua);
  REQUIRE(s.start_position(3, 0, p) == "");
  SeatGoal north = seat_goal(s, 0), east = seat_goal(s, 1);
  CHECK(north.target == 1);
  CHECK(north.taken == 1);
  CHECK(north.avoids());
  CHECK_FALSE(north.wants_tricks(false));
  CHECK(east.target == 2);
  CHECK(east.wants_tricks(false));
  CHECK_FALSE(east.avoids());
  // Without bids there is no target: more tricks are better.
  CHECK(seat_goal(s, 0).sign == 1);
}

TEST_CASE("goal: greedy passes its dangerous cards where points are penalties", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/hearts/hearts.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(r, diags));
  // Deals until the seat to pass holds the queen of spades: it passes her
  // first (she is worth 13 against it), and never a two.
  int checked = 0;
  for (uint64_t seed = 1; seed < 40 && checked < 5; ++seed) {
    GameState g(r, &lua);
    Rng deal_rng{seed};
    REQUIRE(g.start_deal(0, 0, deal_rng) == "");
    REQUIRE(g.question().tag == "choose");
    const int seat = g.to_move();
    Rng rng{seed};
    const Action a = greedy_action(g, rng);
    CHECK(r.deck.cards[a.card].rank != r.deck.ranks.size() - 1);  // not a two
    if (!g.hand_of(seat).contains(r.deck.parse_card("QS"))) continue;
    CHECK(r.deck.card_text(a.card) == "QS");
    ++checked;
  }
  CHECK(checked > 0);
}

}  // namespace hukum
