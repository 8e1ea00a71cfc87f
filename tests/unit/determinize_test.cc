// Sampling the worlds a seat cannot tell apart (GameState::redeal_unseen):
// every card it cannot see is redealt, a seat that showed out of a suit never
// gets that suit back, and every consistent world is equally likely. Checked
// on a position small enough to count its worlds.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "engine/state.h"
#include "script/lua_host.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

void act(GameState& g, const std::string& text) {
  Action a;
  std::string why;
  REQUIRE(parse_action(g.ruleset(), text, &a, &why));
  REQUIRE(g.apply(a) == "");
}

using test::cards;

// Hearts, three tricks from the end, N to lead: N holds AS 2H 3H, and the
// three cards of each other seat are given; N has taken every other card.
GameState late_position(const Ruleset& r, LuaHost& lua, CardSet west) {
  GameState g(r, &lua);
  PlayPosition p;
  p.hands = {cards(r, {"AS", "2H", "3H"}), cards(r, {"KS", "JS", "3D"}), cards(r, {"QS", "10S", "4D"}), west};
  p.hidden.assign(4, CardSet());
  CardSet rest = r.deck.all;
  for (CardSet h : p.hands) rest = rest & ~h;
  p.captured = {rest, CardSet(), CardSet(), CardSet()};
  p.tricks_won = {10, 0, 0, 0};
  p.tricks_played = 10;
  p.leader = 0;
  REQUIRE(g.start_position(3, 3, p) == "");
  return g;
}

// The three unseen hands as text, E;S;W.
std::string unseen_hands(const Ruleset& r, const GameState& world) {
  std::string key;
  for (int s = 1; s < 4; ++s) {
    for (Card c : world.hand_of(s)) key += r.deck.card_text(c) + ",";
    key += ";";
  }
  return key;
}

}  // namespace

TEST_CASE("redealt worlds respect a shown void and are uniform over the consistent ones", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/hearts/hearts.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(r, diags));
  GameState g = late_position(r, lua, cards(r, {"2C", "5D", "6D"}));
  for (const char* a : {"AS", "JS", "10S", "2C"}) act(g, a);
  // W did not follow spades: everyone knows W holds none.
  CHECK(g.shown_not_held(3) == r.deck.suit_mask[0]);
  CHECK(g.shown_not_held(1).empty());

  // N cannot see KS 3D (E), QS 4D (S), 5D 6D (W). W must get two of the four
  // diamonds (6 ways), E two of the other four cards (6 ways): 36 worlds out
  // of the 90 ways to deal six cards two by two.
  std::map<std::string, int> seen;
  Rng sampler{2024};
  const int samples = 36000;
  for (int i = 0; i < samples; ++i) {
    GameState world(g);
    world.redeal_unseen(0, sampler);
    REQUIRE((world.hand_of(3) & r.deck.suit_mask[0]).empty());
    REQUIRE(world.hand_of(0) == g.hand_of(0));
    ++seen[unseen_hands(r, world)];
  }
  CHECK(seen.size() == 36);
  // Chi-square against equal frequencies, 35 degrees of freedom: above 66.6
  // happens by chance once in a thousand runs (and this run is seeded).
  const double expected = double(samples) / 36;
  double chi2 = 0;
  for (const auto& [key, n] : seen) chi2 += (n - expected) * (n - expected) / expected;
  INFO("chi-square " << chi2);
  CHECK(chi2 < 66.6);
}

TEST_CASE("without a shown void every world of the unseen cards can come up", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/hearts/hearts.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(r, diags));
  GameState g = late_position(r, lua, cards(r, {"9S", "5D", "6D"}));
  for (const char* a : {"AS", "JS", "10S", "9S"}) act(g, a);
  CHECK(g.shown_not_held(3).empty());
  std::set<std::string> seen;
  Rng sampler{5};
  for (int i = 0; i < 4000; ++i) {
    GameState world(g);
    world.redeal_unseen(0, sampler);
    seen.insert(unseen_hands(r, world));
  }
  CHECK(seen.size() == 90);  // 6! / (2! 2! 2!)
}

TEST_CASE("a seat's worlds keep the cards it passed in the receiver's hand", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/hearts/hearts.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(r, diags));
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    GameState g(r, &lua);
    Rng deal_rng{seed};
    REQUIRE(g.start_deal(0, 0, deal_rng) == "");  // the first deal passes to the next seat
    std::array<CardSet, 4> passed{};
    while (g.question().tag == "choose") {
      const int seat = g.to_move();
      const Card c = g.hand_of(seat).first();
      passed[size_t(seat)].add(c);
      Action a = g.legal().at(0);
      a.card = c;
      REQUIRE(g.apply(a) == "");
    }
    REQUIRE(g.phase() == Phase::Play);
    Rng sampler{seed};
    for (int seat = 0; seat < 4; ++seat) {
      const int receiver = (seat + 1) % 4;
      REQUIRE((g.hand_of(receiver) & passed[size_t(seat)]) == passed[size_t(seat)]);
      for (int i = 0; i < 200; ++i) {
        GameState world(g);
        world.redeal_unseen(seat, sampler);
        REQUIRE((world.hand_of(receiver) & passed[size_t(seat)]) == passed[size_t(seat)]);
      }
    }
    // Once played, a passed card is seen on the table: nothing is kept.
    int guard = 0;
    while (g.phase() == Phase::Play && ++guard < 8) REQUIRE(g.apply(g.legal().at(0)) == "");
    for (int i = 0; i < 50; ++i) {
      GameState world(g);
      world.redeal_unseen(0, sampler);
      CHECK((world.hand_of(1) & passed[0]) == (g.hand_of(1) & passed[0]));
    }
  }
}

TEST_CASE("a void shown on the first trick is kept, cards barred from it or not", "[unit][bots]") {
  // Hearts bars hearts and the queen of spades from the first trick
  // (play.not_on_first_trick); a seat that does not follow clubs there has
  // none all the same.
  const Ruleset r = test::load_bundled("rulesets/hearts/hearts.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(r, diags));
  REQUIRE_FALSE(r.play.not_on_first_trick.empty());
  PlayPosition p;
  p.hands = {cards(r, {"2C", "3C", "4C", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S"}),
             cards(r, {"4S", "3S", "2S", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D", "5D"}),
             cards(r, {"4D", "3D", "2D", "AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C", "6C", "5C"}),
             r.deck.suit_mask[1]};
  p.hidden = p.captured = std::vector<CardSet>(4);
  p.tricks_won = std::vector<int>(4, 0);
  p.leader = 0;
  GameState g(r, &lua);
  REQUIRE(g.start_position(3, 3, p) == "");
  act(g, "2C");
  act(g, "AD");  // E has no club
  const CardSet clubs = r.deck.suit_mask[3];
  CHECK(g.shown_not_held(1) == clubs);
  Rng sampler{9};
  for (int i = 0; i < 200; ++i) {
    GameState world(g);
    world.redeal_unseen(0, sampler);
    REQUIRE((world.hand_of(1) & clubs).empty());
  }
}

// Jass's duty to follow is play.obligations [follow_suit_or_trump, ...] and
// play.follow_exempt: highest_trump. A card neither of the suit led nor a
// trump shows a void; a trump played instead shows nothing (it may have been
// a choice); not following a trump lead leaves the highest trump possible.
namespace {
GameState jass_position(const Ruleset& r, LuaHost& lua, int trump, std::vector<CardSet> hands) {
  GameState g(r, &lua);
  PlayPosition p;
  p.hands = std::move(hands);  // N, E, S, W
  p.hidden.assign(4, CardSet());
  CardSet rest = r.deck.all;
  for (CardSet h : p.hands) rest = rest & ~h;
  p.captured = {CardSet(), CardSet(), CardSet(), rest};
  p.tricks_won = {0, 0, 0, 6};
  p.tricks_played = 6;
  p.trump_suit = trump;
  p.leader = 3;
  REQUIRE(g.start_position(0, 3, p) == "");
  return g;
}
}  // namespace

TEST_CASE("follow_suit_or_trump: a third suit shows a void, a trump does not", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/jass/jass.yaml");
  REQUIRE(r.play.follow_compulsory);
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(r, diags));
  // Hearts trump; the play goes W, S, E, N.
  GameState g = jass_position(r, lua, 1,
                              {cards(r, {"KD", "7D", "9C"}), cards(r, {"10H", "AD", "6C"}),
                               cards(r, {"KS", "8H", "QC"}), cards(r, {"AS", "9D", "7C"})});
  const CardSet spades = r.deck.suit_mask[0];
  act(g, "AS");
  act(g, "8H");  // S trumps, holding KS
  CHECK(g.shown_not_held(2).empty());
  act(g, "AD");  // E discards: no spade
  CHECK(g.shown_not_held(1) == spades);
  Rng sampler{3};
  for (int i = 0; i < 200; ++i) {
    GameState world(g);
    world.redeal_unseen(3, sampler);
    REQUIRE((world.hand_of(1) & spades).empty());
  }
}

TEST_CASE("follow_exempt highest_trump: not following a trump lead leaves the Puur possible", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/jass/jass.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(r, diags));
  // Spades trump: S's only trump is the Puur, JS.
  GameState g = jass_position(r, lua, 0,
                              {cards(r, {"6S", "KD", "8C"}), cards(r, {"QS", "10S", "AD"}),
                               cards(r, {"JS", "AH", "QC"}), cards(r, {"AS", "9D", "7C"})});
  act(g, "AS");
  act(g, "QC");
  const CardSet spades = r.deck.suit_mask[0];
  CHECK(g.shown_not_held(2) == (spades & ~cards(r, {"JS"})));
}

}  // namespace hukum
