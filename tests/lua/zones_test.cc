// Zones and game.move: a hook moves cards between the zones it may change,
// the moves keep every card in one zone and show in the log, and the engine
// refuses a move it cannot make with the reason.
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "engine/state.h"
#include "script/lua_host.h"
#include "engine/invariants.h"
#include "session/matches/log.h"
#include "lua/hooked_deal.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

struct MovesTable : test::HookedTable {
  explicit MovesTable(const std::map<std::string, std::string>& options = {})
      : HookedTable("tests/fixtures/hooks/moves.yaml", options) {}
};

}  // namespace

TEST_CASE("zones: every card is in exactly one, listed by name", "[lua][zones]") {
  MovesTable t;
  Rng rng{3};
  REQUIRE(t.game->start_deal(0, 0, rng) == "");
  CardSet all;
  for (const Place& p : t.game->places()) {
    CHECK((all & t.game->cards_in(p)).empty());
    all |= t.game->cards_in(p);
  }
  CHECK(all == t.rules.deck.all);
  CHECK(check_zones(*t.game) == "");
  Zone z;
  CHECK(parse_zone("face_down", &z));
  CHECK(z == Zone::FaceDown);
  CHECK_FALSE(parse_zone("discard", &z));
  CHECK(movable_zone_names() == "hand, face_down, won, layout, out");
}

TEST_CASE("game.move: hooks set cards aside after the deal and after each trick", "[lua][zones]") {
  MovesTable t;
  for (int deal = 0; deal < 50; ++deal) {
    Rng rng{uint64_t(deal)}, bot{uint64_t(100 + deal)};
    REQUIRE(t.game->start_deal(deal % 4, deal, rng) == "");
    // step_done set one card of every hand aside.
    CHECK(t.game->out_of_play().size() == 4);
    for (int s = 0; s < 4; ++s) CHECK(t.game->hand_of(s).size() == 12);
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      REQUIRE(check_zones(*t.game) == "");
    }
    // Twelve tricks, each leaving one won card out.
    CHECK(t.game->tricks_played() == 12);
    CHECK(t.game->out_of_play().size() == 4 + 12);
    CHECK(var_text(*t.game->vars().find("last_zone")) == "\"out:nil\"");
    CHECK(check_deal_end(*t.game) == "");
  }
}

TEST_CASE("game.move refusals name the effect and the reason", "[lua][zones]") {
  MovesTable t;
  Rng rng{5};
  REQUIRE(t.game->start_deal(0, 0, rng) == "");
  GameState& g = *t.game;
  // During a turn (not between tricks) nothing moves.
  CHECK_THAT(t.host.run("game.move(game.hand(0)[1], 'out')", "t", &g),
             Catch::Contains("'move' refused: cards move only in step_done, a deal step written in Lua, before_first_lead, "
                             "and during trick play in card_played, cannot_follow"));
  CHECK_THAT(t.host.run("game.move('XX', 'out')", "t", &g), Catch::Contains("card expected, got 'XX'"));
  CHECK_THAT(t.host.run("game.move(game.hand(0)[1], 'discard')", "t", &g),
             Catch::Contains("zone expected (hand, face_down, won, layout, out), got 'discard'"));
  CHECK_THAT(t.host.run("game.move(game.hand(0)[1], 'hand')", "t", &g), Catch::Contains("the zone 'hand' needs a seat"));
  CHECK_THAT(t.host.run("game.move(game.hand(0)[1], 'hand', 7)", "t", &g), Catch::Contains("seat expected in 0..3"));
  CHECK_THAT(t.host.run("game.move(game.hand(0)[1], 'out', 1)", "t", &g), Catch::Contains("the zone 'out' has no seat"));
  // game.zone reads anywhere.
  CHECK(t.host.run("local z, s = game.zone(game.hand(2)[1]); assert(z == 'hand' and s == 2)", "t", &g) == "");
}

TEST_CASE("game.cards_in lists a zone's cards in deck order; game.hand_count counts a hand", "[lua][zones]") {
  MovesTable t;
  Rng rng{11};
  REQUIRE(t.game->start_deal(0, 0, rng) == "");
  GameState& g = *t.game;
  // Every place, per seat or shared, against the engine's own sets and game.zone.
  for (const Place& p : g.places()) {
    const std::string zone = zone_info(p.zone).name;
    const std::string seat = p.seat == kNoSeat ? "" : ", " + std::to_string(p.seat);
    std::string expected = "{";
    for (Card c : g.cards_in(p)) expected += "'" + t.rules.deck.card_text(c) + "', ";
    expected += "}";
    INFO(zone << seat);
    CHECK(t.host.run("local got, want = game.cards_in('" + zone + "'" + seat + "), " + expected +
                         "\nassert(#got == #want, #got .. ' cards')\n"
                         "for i, c in ipairs(want) do assert(got[i] == c, c) end\n"
                         "for _, c in ipairs(got) do local z, s = game.zone(c); assert(z == '" + zone + "' and s == " +
                         (p.seat == kNoSeat ? std::string("nil") : std::to_string(p.seat)) + ") end",
                     "t", &g) == "");
  }
  CHECK(t.host.run("assert(game.hand_count(1) == #game.hand(1) and game.hand_count(1) == 12)", "t", &g) == "");
  CHECK(t.host.run("assert(#game.cards_in('out') == 4)", "t", &g) == "");  // step_done set one card of each hand aside
  CHECK_THAT(t.host.run("game.cards_in('discard')", "t", &g), Catch::Contains("zone expected (hand, face_down"));
  CHECK_THAT(t.host.run("game.cards_in('hand')", "t", &g), Catch::Contains("bad argument #2 to 'cards_in'"));
  CHECK_THAT(t.host.run("game.cards_in('out', 1)", "t", &g), Catch::Contains("the zone 'out' has no seat"));
  CHECK_THAT(t.host.run("game.hand_count(9)", "t", &g), Catch::Contains("seat expected in 0..3"));
}

TEST_CASE("game.move: a hook that leaves a seat short of cards mid-play fails", "[lua][zones]") {
  MovesTable t(std::map<std::string, std::string>{{"unbalance", "true"}});
  Rng rng{7}, bot{8};
  REQUIRE(t.game->start_deal(0, 0, rng) == "");
  std::string error;
  while (!t.game->deal_over() && error.empty()) {
    const LegalActions& legal = t.game->legal();
    error = t.game->apply(legal.at(int(bot.below(uint32_t(legal.count())))));
  }
  CHECK_THAT(error, Catch::Contains("hook 'trick_done': game.move changed how many cards N holds (11 to 10)"));
}

// Hooks of the play itself (card_played, cannot_follow) swap cards between
// hands: every card stays in one zone, the hands keep their sizes, the deal
// plays to its end; a move that leaves a hand short is refused.
TEST_CASE("game.move during trick play: card_played and cannot_follow", "[lua][zones]") {
  test::HookedTable t("tests/fixtures/hooks/play_moves.yaml");
  Rng rng{3}, bot{4};
  for (int deal = 0; deal < 20; ++deal) {
    REQUIRE(t.game->start_deal(deal % 4, deal, rng) == "");
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      REQUIRE(check_zones(*t.game) == "");
    }
    CHECK(t.game->tricks_played() == 13);
    CHECK(check_deal_end(*t.game) == "");
    // After every card but those of the last trick both seats asked still hold
    // cards: at least two swaps a trick.
    CHECK(std::stoi(var_text(*t.game->vars().find("swaps"))) >= 2 * 12);
  }
  test::HookedTable short_of("tests/fixtures/hooks/play_moves.yaml",
                             std::map<std::string, std::string>{{"unbalance", "true"}});
  REQUIRE(short_of.game->start_deal(0, 0, rng) == "");
  const LegalActions& legal = short_of.game->legal();
  CHECK_THAT(short_of.game->apply(legal.at(0)),
             Catch::Contains("hook 'card_played': game.move changed how many cards"));
}

TEST_CASE("game.move is logged as a move between zones", "[lua][zones]") {
  MovesTable t;
  std::ostringstream out;
  LogSink log(t.rules, &out);
  t.game->set_sink(&log);
  Rng rng{9};
  REQUIRE(t.game->start_deal(0, 0, rng) == "");
  // The hook's move (step_done sets N's first card aside) has its line, seen
  // by the seat whose hand the card left.
  std::set<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.insert(line);
  int hook_moves = 0;
  for (const std::string& line : lines)
    hook_moves += line.find(R"("from":{"zone":"hand","seat":"N"},"to":{"zone":"out"},"seen_by":["N"]})") != std::string::npos;
  CHECK(hook_moves == 1);
  t.game->set_sink(nullptr);
}

TEST_CASE("a trick cut short keeps its face-down cards hidden in the log", "[lua][zones]") {
  // Truf plays trumps face down; face_down_cut.lua ends the deal on the third
  // card of the sixth trick, and the trick's cards are set aside unseen.
  test::HookedTable t("tests/fixtures/hooks/face_down_cut.yaml");
  std::ostringstream out;
  LogSink log(t.rules, &out);
  t.game->set_sink(&log);
  int cut_with_face_down = 0;
  for (int deal = 0; deal < 40; ++deal) {
    out.str("");
    Rng rng{uint64_t(deal)}, bot{uint64_t(50 + deal)};
    REQUIRE(t.game->start_deal(deal % 4, deal, rng) == "");
    while (!t.game->deal_over()) {
      const LegalActions& legal = t.game->legal();
      REQUIRE(t.game->apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
    }
    // Cards this deal played face down (a private move into the trick), and
    // the line that sets the cut trick aside.
    std::set<std::string> face_down;
    std::istringstream in(out.str());
    for (std::string text; std::getline(in, text);) {
      const auto line = nlohmann::json::parse(text);
      if (line.value("event", "") != "move") continue;
      const bool to_trick = line["to"]["zone"] == "trick", from_trick = line["from"]["zone"] == "trick";
      if (to_trick && line.contains("seen_by")) face_down.insert(line["cards"][0].get<std::string>());
      if (!from_trick || line["to"]["zone"] != "out") continue;
      bool hidden_card = false;
      for (const auto& c : line["cards"]) hidden_card = hidden_card || face_down.count(c.get<std::string>());
      if (!hidden_card) {
        CHECK_FALSE(line.contains("seen_by"));  // every card was face up: public
        continue;
      }
      ++cut_with_face_down;
      INFO(text);
      REQUIRE(line.contains("seen_by"));
      CHECK(line["seen_by"].empty());
    }
  }
  CHECK(cut_with_face_down > 5);
  t.game->set_sink(nullptr);
}

TEST_CASE("a throw-in after the turn-up leaves nothing of the thrown deal", "[lua][zones]") {
  // redeal_turn_up.lua throws the deal in when a nine is turned up, and fails
  // if a card still lies turned up when the cards are dealt again.
  test::HookedTable t("tests/fixtures/hooks/redeal_turn_up.yaml");
  int redealt = 0;
  for (int deal = 0; deal < 60; ++deal) {
    Rng rng{uint64_t(deal)};
    INFO("deal " << deal);
    REQUIRE(t.game->start_deal(deal % 4, deal, rng) == "");
    REQUIRE(check_zones(*t.game) == "");
    redealt += t.game->redeals() > 0;
  }
  CHECK(redealt > 5);
}

}  // namespace hukum
