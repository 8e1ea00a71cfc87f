// Secret sides (game.set_sides with known_to, engine/sides.cc) on Sheepshead's
// called ace (tests/scenarios/sheepshead/s04_partner_secret_until_ace.yaml's
// deal): the partner knows his side from the call, the others see the picker
// alone until the ace falls; in observations and in the worlds a bot samples
// (SeatView::sample_world), and the picker is never dealt the called ace in
// a world (game.not_held). The secret-called-card fixture checks the log and
// a defenders' win (a side of several teams).
#include <catch2/catch.hpp>

#include <sstream>

#include "script/lua_host.h"
#include "session/matches/log.h"
#include "session/matches/players.h"
#include "session/observation/observation.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

constexpr int A = 0, B = 1, C = 2, D = 3, E = 4;

std::vector<Card> hand(const Ruleset& r, std::initializer_list<const char*> texts) {
  std::vector<Card> out;
  for (const char* t : texts) {
    const Card c = r.deck.parse_card(t);
    REQUIRE(c != kNoCard);
    out.push_back(c);
  }
  return out;
}

void act(GameState& g, const std::string& text) {
  Action a;
  std::string why;
  REQUIRE(parse_action(g.ruleset(), text, &a, &why));
  REQUIRE(g.apply(a) == "");
}

// The sides `viewer`'s observation shows, as "B C | A D E" (sides in order,
// seats in order); "" when it shows none (the teams).
std::string seen_sides(const GameState& g, int viewer) {
  const Observation o = observe(g, viewer, {});
  std::string text;
  for (int side = 0; side < g.ruleset().seats; ++side) {
    std::string one;
    for (size_t s = 0; s < o.sides.size(); ++s)
      if (o.sides[s] == side) one += (one.empty() ? "" : " ") + g.ruleset().seat_names[s];
    if (!one.empty()) text += (text.empty() ? "" : " | ") + one;
  }
  return text;
}

struct Sheepshead {
  Ruleset rules = test::load_bundled("rulesets/sheepshead/sheepshead.yaml");
  LuaHost lua;
  GameState g{rules, &lua};
  Rng rng{1};
  Sheepshead() {
    Diagnostics diags;
    REQUIRE(lua.load(rules, diags));
    FixedDeal fixed;
    fixed.hands = {hand(rules, {"QC", "QS", "JD", "9C", "8C", "7S"}), hand(rules, {"QH", "JC", "AD", "10D", "AS", "9H"}),
                   hand(rules, {"QD", "JS", "KD", "9D", "AC", "10C"}), hand(rules, {"JH", "8D", "7D", "KC", "KS", "10S"}),
                   hand(rules, {"AH", "10H", "KH", "8H", "9S", "8S"})};
    REQUIRE(g.start_deal(E, 0, rng, &fixed) == "");
    // A passes, B picks, C passes; B buries AS and 9H and calls the ace of clubs: C holds it.
    for (const char* a : {"pass", "pick", "pass", "discard AS", "discard 9H", "ace_clubs"}) act(g, a);
  }
};

}  // namespace

TEST_CASE("secret sides: the partner sees them from the call, the others at the ace's fall", "[unit][sides]") {
  Sheepshead t;
  GameState& g = t.g;
  REQUIRE(g.bidder() == B);
  CHECK(g.same_side(B, C));  // the true sides, for scoring and hooks
  CHECK(seen_sides(g, C) == "B C | A D E");  // the partner knows
  for (int s : {A, B, D, E}) {
    INFO("seat " << s);
    CHECK(seen_sides(g, s) == "B | A C D E");  // the others: the picker alone
  }
  act(g, "9C");  // A leads clubs
  act(g, "7C");
  CHECK(seen_sides(g, A) == "B | A C D E");
  act(g, "AC");  // the called ace falls: public
  for (int s = 0; s < 5; ++s) {
    INFO("seat " << s);
    CHECK(seen_sides(g, s) == "B C | A D E");
  }
}

TEST_CASE("secret sides: a seat's sampled worlds carry only the sides it knows", "[unit][sides][bots]") {
  Sheepshead t;
  const GameState& g = t.g;
  const Card ace = t.rules.deck.parse_card("AC");
  Rng rng{7};
  for (int n = 0; n < 200; ++n) {
    for (int seat : {A, D, E}) {  // defenders: the picker alone in every world
      const GameState world = SeatView(g, seat).sample_world(rng);
      INFO("defender " << seat << " world " << n);
      CHECK_FALSE(world.same_side(B, C));
      CHECK(world.side_of(B) != world.side_of(A));
      for (int s : {A, C, D, E}) CHECK(world.same_side(s, A));
      CHECK_FALSE((world.hand_of(B) | world.hidden_of(B)).contains(ace));  // game.not_held: the picker lacks it
    }
    const GameState picker = SeatView(g, B).sample_world(rng);  // the picker does not know who
    CHECK_FALSE(picker.same_side(B, C));
    const GameState partner = SeatView(g, C).sample_world(rng);  // the partner knows
    CHECK(partner.same_side(B, C));
    CHECK_FALSE(partner.same_side(B, A));
  }
}

TEST_CASE("game.not_held is refused for a card the seat holds", "[unit][sides]") {
  Sheepshead t;
  CHECK(t.g.not_held(C, CardSet::of(t.rules.deck.parse_card("AC"))) == "seat C holds one of those cards");
  CHECK(t.g.not_held(B, CardSet::of(t.rules.deck.parse_card("AS"))) == "seat B holds one of those cards");  // buried
  CHECK(t.g.not_held(B, CardSet::of(t.rules.deck.parse_card("AH"))) == "");
}

TEST_CASE("secret sides: the log's sides line is seen by the knowing seats; a side's win names its teams",
          "[unit][sides]") {
  const Ruleset rules = test::load_bundled("tests/fixtures/sides/secret_called_card.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(rules, diags));
  GameState g(rules, &lua);
  int secret = 0, defenders_won = 0;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    std::ostringstream out;
    LogSink log(rules, &out);
    g.set_sink(&log);
    Rng rng{seed};
    const int dealer = int(seed % 4);
    REQUIRE(g.start_deal(dealer, 0, rng) == "");
    const Card ace = rules.deck.parse_card("AS");
    int holder = -1;
    for (int s = 0; s < 4; ++s)
      if (g.hand_of(s).contains(ace)) holder = s;
    INFO("seed " << seed << " dealer " << dealer << " holder " << holder);
    if (holder != dealer) {
      ++secret;
      CHECK(g.same_side(dealer, holder));
      for (int s = 0; s < 4; ++s) CHECK(observe(g, s, {}).sides.empty() == (s != holder));
      const std::string line = "\"seen_by\":[\"" + rules.seat_names[size_t(holder)] + "\"]";
      CHECK(out.str().find("{\"event\":\"sides\",") != std::string::npos);
      CHECK(out.str().find(line) != std::string::npos);
    }
    Rng play{seed + 100};
    while (!g.deal_over()) {
      LegalActions legal;
      g.legal_actions(&legal);
      REQUIRE(g.apply(legal.at(int(play.below(uint32_t(legal.count()))))) == "");
    }
    const DealResult& r = g.result();
    CHECK_FALSE(r.drawn());
    const int defender = [&] {
      for (int s = 0; s < 4; ++s)
        if (!g.same_side(s, dealer)) return s;
      return -1;
    }();
    if (r.name == "set") {
      ++defenders_won;
      for (int s = 0; s < 4; ++s) CHECK(r.won_by(rules.team_of[size_t(s)]) == !g.same_side(s, dealer));
      CHECK(r.winner_team == -1);
      CHECK(out.str().find("\"winners\":[") != std::string::npos);
    } else {
      CHECK(r.name == "made");
      CHECK(r.won_by(rules.team_of[size_t(dealer)]));
      CHECK_FALSE(r.won_by(rules.team_of[size_t(defender)]));
    }
    g.set_sink(nullptr);
  }
  CHECK(secret > 0);
  CHECK(defenders_won > 0);
}

}  // namespace hukum

namespace hukum {

TEST_CASE("secret sides: a seat's legal cards follow the sides it knows, not the secret ones", "[unit][sides]") {
  const Ruleset rules = test::load_bundled("tests/fixtures/sides/secret_partner_free.yaml");
  LuaHost lua;
  Diagnostics diags;
  REQUIRE(lua.load(rules, diags));
  GameState g(rules, &lua);
  const int spades = rules.deck.suit_index("S");
  int unaware = 0, aware_free = 0;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    Rng rng{seed};
    REQUIRE(g.start_deal(int(seed % 4), 0, rng) == "");
    Rng play{seed + 7};
    while (!g.deal_over()) {
      const auto trick = g.trick();
      if (g.phase() == Phase::Play && !trick.empty()) {
        const int me = g.to_move(), holder = g.trick_winner_so_far();
        const int led = rules.deck.cards[trick.front().second].suit;
        const CardSet hand = g.hand_of(me);
        const CardSet trumps = hand & rules.deck.suit_mask[size_t(spades)];
        const bool void_with_trumps = (hand & rules.deck.suit_mask[size_t(led)]).empty() && !trumps.empty() &&
                                      led != spades;
        if (void_with_trumps && holder != me && g.same_side(holder, me)) {
          if (g.sides_secret_from(me)) {
            ++unaware;  // he does not know: trump_if_void still holds
            CHECK(g.legal().cards == trumps);
          } else {
            ++aware_free;  // he knows his partner wins: any card
            CHECK(g.legal().cards == hand);
          }
        }
      }
      const LegalActions& legal = g.legal();
      REQUIRE(g.apply(legal.at(int(play.below(uint32_t(legal.count()))))) == "");
    }
  }
  CHECK(unaware > 0);
  CHECK(aware_free > 0);
}

// play.called_card (engine/called_card.cc): the called card is the engine's,
// so its duties hold in every world a bot samples and in every copy, whoever
// holds the card there (no hook state to carry, no Lua to run).
TEST_CASE("the called card's duties hold in a seat's sampled worlds", "[unit][sides][bots]") {
  Sheepshead t;
  const Card ace = t.rules.deck.parse_card("AC");
  REQUIRE(t.g.called_card() == ace);
  Rng rng{11};
  for (int n = 0; n < 100; ++n) {
    GameState world = SeatView(t.g, A).sample_world(rng);  // A leads 9C: clubs led for the first time
    INFO("world " << n);
    CHECK(world.called_card() == ace);
    act(world, "9C");
    for (int turn = 0; turn < 4; ++turn) {
      const int seat = world.to_move();
      if (world.hand_of(seat).contains(ace)) {
        CHECK(world.legal().cards == CardSet::of(ace));  // its holder must play it
        break;
      }
      Action a;
      a.kind = ActionKind::Play;
      a.card = world.legal().cards.first();
      REQUIRE(world.apply(a) == "");
    }
  }
  GameState copy = t.g;
  act(copy, "9C");
  act(copy, "7C");
  CHECK(copy.legal().cards == CardSet::of(ace));  // C, in a plain copy
}

}  // namespace hukum
