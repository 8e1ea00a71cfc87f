// The event hook points run where the ruleset format says, with the arguments
// it documents, and what they keep in game.vars is part of the game state.
#include <catch2/catch.hpp>

#include <memory>

#include "engine/state.h"
#include "script/lua_host.h"
#include "lua/hooked_deal.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

int64_t var_int(const GameState& g, const char* key) {
  const VarValue* v = g.vars().find(key);
  REQUIRE(v != nullptr);
  REQUIRE(v->kind == VarValue::Kind::Integer);
  return v->integer;
}

// The events fixture loaded, with its hooks, and a deal started.
struct EventsTable : test::HookedDeal {
  explicit EventsTable(uint64_t seed) : HookedDeal("tests/fixtures/hooks/events.yaml", seed) {}
};

}  // namespace

TEST_CASE("Event hooks: steps, first lead, cards, legal filter, every trick, scoring", "[lua]") {
  const Ruleset r = test::load_bundled("tests/fixtures/hooks/events.yaml");
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  INFO(diags.to_string());
  GameState g(r, &host);
  const int hearts = r.deck.suit_index("H");
  for (int deal = 0; deal < 200; ++deal) {
    Rng rng{uint64_t(100 + deal)}, bot{uint64_t(deal)};
    REQUIRE(g.start_deal(deal % 4, deal, rng) == "");
    // step_done ran after each of the two deal steps, with the step's kind.
    CHECK(var_text(*g.vars().find("steps")) == "{\"deal\",\"deal\"}");
    // before_first_lead got the ruleset's leader and moved the lead to seat 2.
    CHECK(var_int(g, "first_leader_was") == (deal % 4 + 3) % 4);  // counterclockwise: dealer's right
    CHECK(g.to_move() == 2);
    bool broken = false;
    int played = 0;
    while (!g.deal_over()) {
      const LegalActions& legal = g.legal();
      const CardSet hand = g.hand_of(g.to_move());
      const CardSet hand_hearts = hand & r.deck.suit_mask[size_t(hearts)];
      if (g.trick_cards().empty() && !broken && hand_hearts != hand)
        CHECK((legal.cards & hand_hearts).empty());  // the filter held hearts back
      CHECK_FALSE(legal.cards.empty());
      const auto list = legal.list();
      const Action a = list[bot.below(uint32_t(list.size()))];
      if (r.deck.cards[a.card].suit == hearts) broken = true;
      REQUIRE(g.apply(a) == "");
      ++played;
      CHECK(var_int(g, "cards") == played);  // card_played after every card
    }
    // trick_done ran after every trick, the last one included.
    CHECK(var_int(g, "tricks") == 13);
    CHECK(var_int(g, "cards") == 52);
    CHECK(var_int(g, "last_winner") == g.last_trick_winner());
    // deal_scored's add_score is in the game points.
    CHECK(g.result().game_points[0] >= 13);
  }
}

TEST_CASE("game.vars keeps only plain values, within limits", "[lua]") {
  EventsTable t(1);
  LuaHost& host = t.host;
  GameState& g = *t.game;

  CHECK(host.run("game.vars.x = {1, 2, name = 'a', deep = {t = true}}", "t", &g) == "");
  CHECK(var_text(*g.vars().find("x")) == "{1,2,deep={t=true},name=\"a\"}");
  CHECK(host.run("assert(game.vars.x[2] == 2 and game.vars.x.deep.t)", "t", &g) == "");
  CHECK(host.run("game.vars = {fresh = 1}", "t", &g) == "");
  CHECK(g.vars().find("x") == nullptr);

  // A failed call writes nothing back.
  CHECK(host.run("game.vars.fresh = 2; error('boom')", "t", &g) != "");
  CHECK(var_int(g, "fresh") == 1);

  CHECK_THAT(host.run("game.vars.f = function() end", "t", &g), Catch::Contains("game.vars.f: a function cannot be kept"));
  CHECK_THAT(host.run("game.vars.n = 1.5", "t", &g), Catch::Contains("only integers"));
  // A float with an integral value is kept as that integer (the quick check after a hook
  // and the reader agree on it).
  CHECK(host.run("game.vars.two = 4 / 2", "t", &g) == "");
  CHECK(var_int(g, "two") == 2);
  CHECK_THAT(host.run("local t = {}; t.t = t; game.vars.c = t", "t", &g), Catch::Contains("nested deeper"));
  CHECK_THAT(host.run("local t = {} for i = 1, 5000 do t[i] = i end game.vars.big = t", "t", &g),
             Catch::Contains("entries"));
  CHECK_THAT(host.run("game.vars.s = string.rep('x', 70000)", "t", &g), Catch::Contains("bytes of text"));
  CHECK(var_int(g, "fresh") == 1);

  // Globals are the scripts' definitions: a hook cannot keep state there.
  CHECK_THAT(host.run("counter = 1", "t", &g), Catch::Contains("cannot set the global 'counter'"));
  CHECK_THAT(host.run("rawset(_G, 'counter', 1)", "t", &g), Catch::Contains("cannot set the global"));
  CHECK_THAT(host.run("game.x = 1", "t", &g), Catch::Contains("game is read-only"));
  // Outside a game (tools, tests) globals may still be defined.
  CHECK(host.run("tool_global = 1", "t", nullptr) == "");
}

TEST_CASE("game.vars: canonical order, changes seen in any key, each game its own table", "[lua]") {
  EventsTable t(3);
  LuaHost& host = t.host;
  GameState& g = *t.game;
  // Written in an order the hash part does not keep: read back sorted,
  // integer keys first, then strings.
  CHECK(host.run("game.vars = {z = 1, [3] = 'c', a = {y = 2, b = 3, [10] = 0, [2] = 1}, m = true, [1] = 'a'}",
                 "t", &g) == "");
  CHECK(var_text(g.vars()) == "{\"a\",[3]=\"c\",a={[2]=1,[10]=0,b=3,y=2},m=true,z=1}");
  // A change to any one value, however deep, is written back; reading alone is not a change.
  const uint64_t stamp = g.vars_stamp();
  CHECK(host.run("local x = game.vars.a.y + game.vars[3]:len()", "t", &g) == "");
  CHECK(g.vars_stamp() == stamp);
  CHECK(host.run("game.vars.a[10] = 7", "t", &g) == "");
  CHECK(var_text(*g.vars().find("a")) == "{[2]=1,[10]=7,b=3,y=2}");
  CHECK(host.run("game.vars.a.new = 'n'; game.vars.m = nil", "t", &g) == "");
  CHECK(var_text(g.vars()) == "{\"a\",[3]=\"c\",a={[2]=1,[10]=7,b=3,new=\"n\",y=2},z=1}");
  CHECK(g.vars_stamp() != stamp);

  // Two games on one Lua state, and a copy: the table one hook leaves behind is
  // reused only for the game whose vars it equals.
  GameState other(t.rules, &host);
  Rng rng{9};
  REQUIRE(other.start_deal(0, 0, rng) == "");
  CHECK(host.run("game.vars.who = 'other'", "t", &other) == "");
  CHECK(host.run("game.vars.who = game.vars.who or 'first'", "t", &g) == "");
  CHECK(var_text(*g.vars().find("who")) == "\"first\"");
  GameState copy = other;
  CHECK(host.run("game.vars.who = game.vars.who .. '+copy'", "t", &copy) == "");
  CHECK(host.run("game.vars.seen = game.vars.who", "t", &other) == "");
  CHECK(var_text(*other.vars().find("seen")) == "\"other\"");
  CHECK(var_text(*copy.vars().find("who")) == "\"other+copy\"");
}

TEST_CASE("game.forbid works only in legal_filter; game.set_leader checks its seat", "[lua]") {
  EventsTable t(2);
  LuaHost& host = t.host;
  GameState& g = *t.game;
  // Outside legal_filter, forbid is refused.
  CHECK_THAT(host.run("game.forbid(game.legal())", "t", &g), Catch::Contains("only be forbidden in legal_filter"));
  CHECK_THAT(host.run("game.set_leader(9)", "t", &g), Catch::Contains("seat expected in 0..3"));
  // game.end_match belongs to match_over.
  CHECK_THAT(host.run("game.end_match()", "t", &g), Catch::Contains("the match can only be ended in match_over"));
}

}  // namespace hukum
