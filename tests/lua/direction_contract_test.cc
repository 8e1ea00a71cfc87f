// game.set_direction and game.set_contract: what a hook may decide before the
// play (or, for the direction, before any lead), refused at any other time.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "engine/state.h"
#include "script/lua_host.h"
#include "lua/hooked_deal.h"
#include "support/test_rulesets.h"

namespace hukum {

using test::HookedDeal;

TEST_CASE("game.set_direction turns the play around before a lead only", "[lua]") {
  HookedDeal t("tests/fixtures/hooks/events.yaml", 4);
  LuaHost& host = t.host;
  GameState& g = *t.game;
  const int step = g.direction_step();
  const char* other = step == 1 ? "game.set_direction('counterclockwise')" : "game.set_direction('clockwise')";
  REQUIRE(host.run(other, "t", &g) == "");
  CHECK(g.direction_step() == -step);
  CHECK(g.seat_after(1) == (1 - step + 4) % 4);
  CHECK_THAT(host.run("game.set_direction('sideways')", "t", &g),
             Catch::Contains("'clockwise' or 'counterclockwise' expected, got 'sideways'"));
  // Once a card is led, the direction stands until the trick is over.
  const int leader = g.to_move();
  REQUIRE(g.apply(g.legal().at(0)) == "");
  CHECK(g.to_move() == (leader - step + 4) % 4);
  CHECK_THAT(host.run(other, "t", &g),
             Catch::Contains("'set_direction' refused: the direction can only be set after a deal step or before a lead"));
}

TEST_CASE("game.set_contract names a bidder and a contract before the play", "[lua]") {
  HookedDeal t("tests/fixtures/hooks/events.yaml", 5);
  LuaHost& host = t.host;
  GameState& g = *t.game;
  REQUIRE(host.run("game.set_contract(1, 7)", "t", &g) == "");
  CHECK(g.bidder() == 1);
  CHECK(g.contract() == 7);
  CHECK(host.run("assert(game.bidder() == 1 and game.contract() == 7)", "t", &g) == "");
  CHECK_THAT(host.run("game.set_contract(1, 20000)", "t", &g), Catch::Contains("contract expected in 0..10000"));
  CHECK_THAT(host.run("game.set_contract(9, 3)", "t", &g), Catch::Contains("seat expected in 0..3"));
  for (int k = 0; k < 4; ++k) REQUIRE(g.apply(g.legal().at(0)) == "");  // the first trick
  CHECK_THAT(host.run("game.set_contract(2, 3)", "t", &g),
             Catch::Contains("'set_contract' refused: the contract can only be set after a deal step or before the first lead"));
}


TEST_CASE("game.past_trick reads every completed trick of the deal", "[lua]") {
  HookedDeal t("tests/fixtures/hooks/events.yaml", 6);
  const Ruleset& rules = t.rules;
  LuaHost& host = t.host;
  GameState& g = *t.game;
  Rng bot{7};
  std::vector<std::vector<std::pair<int, Card>>> seen;
  while (!g.deal_over()) {
    const int before = g.tricks_played();
    const LegalActions& legal = g.legal();
    REQUIRE(g.apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
    if (g.tricks_played() > before) seen.push_back(g.last_trick());
  }
  REQUIRE(seen.size() == 13);  // the events fixture deals thirteen cards each
  for (size_t n = 0; n < seen.size(); ++n) CHECK(g.past_trick(int(n + 1)) == seen[n]);
  CHECK(g.past_trick(0).empty());
  CHECK(g.past_trick(14).empty());
  // From Lua: the same cards, and a clear error past the last trick.
  const std::string first = rules.deck.card_text(seen[0][0].second);
  CHECK(host.run("assert(game.past_trick(1)[1].card == '" + first + "' and #game.past_trick(13) == 4)", "t", &g) == "");
  CHECK_THAT(host.run("game.past_trick(14)", "t", &g), Catch::Contains("a completed trick expected in 1..13, got 14"));
}


TEST_CASE("game.trick_of names the completed trick a card was played to and its player", "[lua]") {
  HookedDeal t("tests/fixtures/hooks/events.yaml", 6);
  const Ruleset& rules = t.rules;
  LuaHost& host = t.host;
  GameState& g = *t.game;
  Rng bot{7};
  int checked = 0;
  while (!g.deal_over()) {
    const LegalActions& legal = g.legal();
    REQUIRE(g.apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
    // After every action: each card of the completed tricks by its trick and
    // seat, and nil for every card of the trick in progress or not played.
    CardSet played;
    for (int n = 1; n <= g.tricks_played(); ++n) {
      for (const auto& [seat, card] : g.past_trick(n)) {
        played.add(card);
        int by = -1;
        CHECK(g.trick_of(card, &by) == n);
        CHECK(by == seat);
      }
    }
    for (Card c : rules.deck.all & ~played) {
      int by = -1;
      CHECK(g.trick_of(c, &by) == 0);
    }
    ++checked;
  }
  CHECK(checked >= 52);
  // From Lua: the same, two values or nil.
  const auto [seat, card] = g.past_trick(5)[2];
  CHECK(host.run("local n, s = game.trick_of('" + rules.deck.card_text(card) + "'); assert(n == 5 and s == " +
                     std::to_string(seat) + ")",
                 "t", &g) == "");
  CHECK(host.run("for n = 1, 13 do for _, p in ipairs(game.past_trick(n)) do\n"
                 "  local m, s = game.trick_of(p.card); assert(m == n and s == p.seat) end end",
                 "t", &g) == "");
  CHECK_THAT(host.run("game.trick_of('XX')", "t", &g), Catch::Contains("card expected, got 'XX'"));
}


TEST_CASE("game.trick_winner names the seat that won each completed trick", "[lua]") {
  HookedDeal t("tests/fixtures/hooks/events.yaml", 6);
  const Ruleset& rules = t.rules;
  LuaHost& host = t.host;
  GameState& g = *t.game;
  Rng bot{9};
  std::vector<int> winners;  // the seat whose won cards took each trick's cards
  while (!g.deal_over()) {
    const int before = g.tricks_played();
    std::vector<CardSet> won;
    for (int s = 0; s < rules.seats; ++s) won.push_back(g.captured_by(s));
    const LegalActions& legal = g.legal();
    REQUIRE(g.apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
    if (g.tricks_played() == before) continue;
    CardSet trick;
    for (const auto& play : g.last_trick()) trick.add(play.second);
    for (int s = 0; s < rules.seats; ++s)
      if ((g.captured_by(s) & ~won[size_t(s)] & trick) == trick) winners.push_back(s);
    REQUIRE(winners.size() == size_t(g.tricks_played()));
    for (int n = 1; n <= g.tricks_played(); ++n) CHECK(g.trick_winner(n) == winners[size_t(n - 1)]);
  }
  REQUIRE(winners.size() == 13);
  CHECK(g.trick_winner(0) == kNoSeat);
  CHECK(g.trick_winner(14) == kNoSeat);
  // From Lua: the same seats, and a clear error outside the completed tricks.
  CHECK(host.run("local w = {" + [&] {
                   std::string list;
                   for (int w : winners) list += std::to_string(w) + ", ";
                   return list;
                 }() + "}\nfor n = 1, 13 do assert(game.trick_winner(n) == w[n]) end",
                 "t", &g) == "");
  CHECK_THAT(host.run("game.trick_winner(14)", "t", &g), Catch::Contains("a completed trick expected in 1..13, got 14"));
}


TEST_CASE("game.ask_card: the asked seat answers with one of the cards, the hook gets it", "[lua]") {
  HookedDeal t("tests/fixtures/hooks/ask_card.yaml", 8);
  const Ruleset& rules = t.rules;
  LuaHost& host = t.host;
  GameState& g = *t.game;
  for (int k = 0; k < 4; ++k) REQUIRE(g.apply(g.legal().at(0)) == "");
  const int winner = g.to_move();
  const CardSet hand = g.hand_of(winner);
  // Only `choose <card>` of the winner's hand is legal now.
  CHECK(g.legal().card_kind == ActionKind::Choose);
  CHECK(g.legal().cards == hand);
  CHECK(g.legal().count() == hand.size());
  const Card other = (rules.deck.all & ~hand).first();
  CHECK_THAT(g.apply(Action{ActionKind::Choose, other, 0, 0}), Catch::Contains("is not legal"));
  CHECK_THAT(g.apply(Action{ActionKind::Play, hand.first(), 0, 0}), Catch::Contains("is not legal"));
  const Card shown = hand.nth(1);
  REQUIRE(g.apply(Action{ActionKind::Choose, shown, 0, 0}) == "");
  CHECK(var_text(*g.vars().find("shown")) == "\"" + rules.deck.card_text(shown) + "\"");
  // The card stays in the hand; the winner leads the next trick.
  CHECK(g.hand_of(winner).contains(shown));
  CHECK(g.to_move() == winner);
  CHECK(g.legal().card_kind == ActionKind::Play);
  // A card the seat does not hold cannot be offered.
  CHECK_THAT(host.run("game.ask_card(" + std::to_string(winner) + ", 'show', {'" + rules.deck.card_text(other) + "'})",
                      "t", &g),
             Catch::Contains("'ask_card' refused: " + rules.deck.card_text(other) + " is not in"));
  CHECK_THAT(host.run("game.ask_card(0, 'dance', game.hand(0))", "t", &g), Catch::Contains("no action hook for 'dance'"));
}

TEST_CASE("game.ask_card without a list asks for any card of the seat's hand", "[lua]") {
  HookedDeal t("tests/fixtures/hooks/ask_card.yaml", 8);
  GameState& g = *t.game;
  for (int k = 0; k < 4; ++k) REQUIRE(g.apply(g.legal().at(0)) == "");
  const int winner = g.to_move();
  REQUIRE(g.legal().card_kind == ActionKind::Choose);
  const std::string asked = std::to_string(winner);
  // The same question as the fixture's with its list, then with none.
  CHECK(t.host.run("game.ask_card(" + asked + ", 'show', game.hand(" + asked + "))", "t", &g) == "");
  const LegalActions with_list = g.legal();
  CHECK(t.host.run("game.ask_card(" + asked + ", 'show')", "t", &g) == "");
  CHECK(g.legal().card_kind == ActionKind::Choose);
  CHECK(g.legal().cards == g.hand_of(winner));
  CHECK(g.legal().cards == with_list.cards);
}

TEST_CASE("game.ask_card asked again from its action hook chooses several cards, one at a time", "[lua]") {
  HookedDeal t("tests/fixtures/hooks/ask_cards.yaml", 8);
  const Ruleset& rules = t.rules;
  GameState& g = *t.game;
  for (int k = 0; k < 4; ++k) REQUIRE(g.apply(g.legal().at(0)) == "");
  const int winner = g.to_move();
  const CardSet hand = g.hand_of(winner);
  const Card first = hand.nth(2), second = hand.nth(0);
  REQUIRE(g.apply(Action{ActionKind::Choose, first, 0, 0}) == "");
  // Asked again: the same seat, every card of its hand but the one shown.
  CHECK(g.to_move() == winner);
  CHECK(g.legal().card_kind == ActionKind::Choose);
  CardSet rest = hand;
  rest.remove(first);
  CHECK(g.legal().cards == rest);
  CHECK_THAT(g.apply(Action{ActionKind::Choose, first, 0, 0}), Catch::Contains("is not legal"));
  REQUIRE(g.apply(Action{ActionKind::Choose, second, 0, 0}) == "");
  // Two chosen: the winner leads the next trick, and the hook kept both, in order.
  CHECK(g.legal().card_kind == ActionKind::Play);
  CHECK(g.to_move() == winner);
  CHECK(var_text(*g.vars().find("shown")) ==
        "{\"" + rules.deck.card_text(first) + "\",\"" + rules.deck.card_text(second) + "\"}");
}

TEST_CASE("game.points_won_by and game.card_points add up to the teams' points", "[lua]") {
  HookedDeal t("rulesets/mpourloto/mpourloto.yaml", 9);
  LuaHost& host = t.host;
  GameState& g = *t.game;
  Rng bot{10};
  int checked = 0;
  while (!g.deal_over()) {
    if (g.phase() == Phase::Play && g.trick_cards().empty() && g.tricks_played() > 0) {
      // Every seat's points, and every captured card's, add up to the teams'
      // (the last-trick bonus included once the last trick is taken).
      CHECK(host.run(R"(
        local by_seat, by_card = 0, 0
        for seat = 0, game.seats() - 1 do
          by_seat = by_seat + game.points_won_by(seat)
          for _, c in ipairs(game.captured(seat)) do by_card = by_card + game.card_points(c) end
        end
        assert(by_seat == game.points_won(0) + game.points_won(1))
        assert(by_card == by_seat)
      )", "t", &g) == "");
      ++checked;
    }
    const LegalActions& legal = g.legal();
    REQUIRE(g.apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
  }
  CHECK(checked > 0);
  CHECK(host.run("assert(game.points_won_by(0) + game.points_won_by(1) + game.points_won_by(2) + game.points_won_by(3) == "
                 "game.points_won(0) + game.points_won(1))", "t", &g) == "");
  CHECK_THAT(host.run("game.card_points('ZZ')", "t", &g), Catch::Contains("card expected"));
}

}  // namespace hukum
