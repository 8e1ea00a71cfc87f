// Trick play on a small 12-card deck: following, trump obligations, the trump
// fixed by the first discard, trick winners and the end-of-deal counters.
#include <catch2/catch.hpp>

#include "core/rng.h"
#include "engine/state.h"
#include "engine/invariants.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

std::string small_ruleset(const std::string& play, const std::string& extra = "") {
  return R"(name: Small
seats: 4
teams: {layout: alternate, count: 2}
direction: clockwise
deck: {suits: [S, H, D, C], ranks: [A, K, Q]}
rank_order: [A, K, Q]
card_points: {A: 1}
deal_packets: [3]
deal: [deal]
play: )" + play + R"(
result: {compare: [points, tricks], default_name: normal}
next_dealer: {dealer_team_won: next, dealer_team_lost: same, draw: same}
match: {deals: 1, first_dealer: N}
)" + extra;
}

std::vector<Card> cards(const Ruleset& r, std::initializer_list<const char*> texts) {
  std::vector<Card> out;
  for (const char* t : texts) {
    Card c = r.deck.parse_card(t);
    REQUIRE(c != kNoCard);
    out.push_back(c);
  }
  return out;
}

Action play(const Ruleset& r, const char* text) {
  Action a;
  std::string why;
  REQUIRE(parse_action(r, text, &a, &why));
  return a;
}

std::string legal_of(const GameState& s) {
  LegalActions legal;
  s.legal_actions(&legal);
  return legal_text(s.ruleset(), legal);
}

// Dealer N, clockwise: E leads. Hands indexed N, E, S, W.
struct Table {
  Ruleset rules;
  GameState state;
  Rng rng{1};
  Table(Ruleset r, std::vector<std::vector<Card>> hands) : rules(std::move(r)), state(rules, nullptr) {
    FixedDeal fixed;
    fixed.hands = std::move(hands);
    REQUIRE(state.start_deal(0, 0, rng, &fixed) == "");
  }
  void act(const char* text) { REQUIRE(state.apply(play(rules, text)) == ""); }
};

}  // namespace

TEST_CASE("a player must follow the led suit when able", "[unit][trick]") {
  Ruleset r = test::load_text(small_ruleset("{first_lead: dealer_next, obligations: [follow_suit], trump: {method: none}}"));
  Table t(r, {cards(r, {"AS", "AH", "AD"}), cards(r, {"KS", "KH", "KD"}), cards(r, {"QS", "QH", "QD"}),
              cards(r, {"AC", "KC", "QC"})});
  CHECK(t.state.to_move() == 1);  // E, the dealer's left in a clockwise game
  CHECK(legal_of(t.state) == "KS, KH, KD");
  t.act("KH");
  CHECK(legal_of(t.state) == "QH");  // S must follow hearts
  CHECK(t.state.apply(play(r, "QS")).find("not legal") != std::string::npos);
  t.act("QH");
  CHECK(legal_of(t.state) == "AC, KC, QC");  // W is void: any card
  t.act("QC");
  t.act("AH");
  CHECK(t.state.last_trick_winner() == 0);  // N's ace of the led suit
  CHECK(t.state.to_move() == 0);
}

TEST_CASE("trump_if_void and overruff restrict a void player", "[unit][trick]") {
  Ruleset r = test::load_text(small_ruleset(
      "{first_lead: dealer_next, obligations: [follow_suit, trump_if_void, overruff], "
      "trump: {method: fixed, suit: S}}"));
  // E leads a heart; S is void in hearts and holds KS QS; W follows with QH.
  Table t(r, {cards(r, {"AH", "AD", "AC"}), cards(r, {"KH", "KD", "KC"}), cards(r, {"KS", "QS", "QD"}),
              cards(r, {"AS", "QH", "QC"})});
  t.act("KH");
  CHECK(legal_of(t.state) == "KS, QS");  // S must trump
  t.act("QS");
  CHECK(legal_of(t.state) == "QH");  // W can follow: follows
  t.act("QH");
  CHECK(legal_of(t.state) == "AH");
  t.act("AH");
  CHECK(t.state.last_trick_winner() == 2);  // S's trump beats the ace of hearts
}

TEST_CASE("overruff: only trumps that beat the trick's best trump, when held", "[unit][trick]") {
  Ruleset r = test::load_text(small_ruleset(
      "{first_lead: dealer_next, obligations: [follow_suit, trump_if_void, overruff], "
      "trump: {method: fixed, suit: S}}"));
  Table t(r, {cards(r, {"AS", "QS", "AC"}), cards(r, {"AH", "KH", "QH"}), cards(r, {"KS", "AD", "KD"}),
              cards(r, {"QD", "KC", "QC"})});
  t.act("AH");
  t.act("KS");                     // S trumps with the king
  t.act("QD");                     // W void, no trump: any card
  CHECK(legal_of(t.state) == "AS");  // N must beat KS: the ace, not the queen
}

TEST_CASE("first_discard: the first card that does not follow fixes trump and counts", "[unit][trick]") {
  Ruleset r = test::load_text(small_ruleset("{first_lead: dealer_next, obligations: [follow_suit], trump: {method: first_discard}}"));
  Table t(r, {cards(r, {"AH", "AD", "AC"}), cards(r, {"KH", "KD", "KC"}), cards(r, {"QS", "KS", "QD"}),
              cards(r, {"AS", "QH", "QC"})});
  CHECK(t.state.trump_suit() == -1);
  t.act("KH");
  t.act("QS");  // S is void in hearts: spades become trump now
  CHECK(t.state.trump_suit() == r.deck.suit_index("S"));
  t.act("QH");
  t.act("AH");
  CHECK(t.state.last_trick_winner() == 2);  // the setting card wins over the ace of hearts
}

// Found by fuzz_ruleset: a card turned up that no later step takes (it only
// shows a suit) lies on the table to the end of the deal, like the stock;
// "cards left in play" was reported for every deal of such a ruleset.
TEST_CASE("a turned-up card no step takes stays on the table, and the deal's invariants hold", "[unit][scoring]") {
  Ruleset r = test::load_text(R"(name: Turned
seats: 4
teams: {layout: alternate, count: 2}
direction: clockwise
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J]}
rank_order: [A, K, Q, J]
card_points: {A: 1}
deal: [{deal: [3]}, turn_up]
play: {first_lead: dealer_next, obligations: [follow_suit]}
result: {compare: [points, tricks], default_name: normal}
next_dealer: {dealer_team_won: next, dealer_team_lost: same, draw: same}
match: {deals: 1, first_dealer: N}
)");
  GameState state(r, nullptr);
  Rng rng(3), bot(4);
  for (int deal = 0; deal < 50; ++deal) {
    REQUIRE(state.start_deal(deal % 4, deal, rng) == "");
    const Card turned = state.turn_up();
    REQUIRE(turned != kNoCard);
    LegalActions legal;
    while (!state.deal_over()) {
      state.legal_actions(&legal);
      REQUIRE(legal.count() > 0);
      REQUIRE(state.apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
    }
    CHECK(state.turn_up() == turned);
    CHECK(check_deal_end(state) == "");
  }
}

TEST_CASE("a deal ends with every card captured and the counters adding up", "[unit][scoring]") {
  Ruleset r = test::load_text(small_ruleset("{first_lead: dealer_next, obligations: [follow_suit], trump: {method: fixed, suit: S}, last_trick_bonus: 5}"));
  GameState state(r, nullptr);
  Rng rng(9), bot(10);
  for (int deal = 0; deal < 200; ++deal) {
    REQUIRE(state.start_deal(deal % 4, deal, rng) == "");
    LegalActions legal;
    while (!state.deal_over()) {
      state.legal_actions(&legal);
      REQUIRE(legal.count() > 0);
      REQUIRE(state.apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
      REQUIRE(check_zones(state) == "");
    }
    REQUIRE(check_deal_end(state) == "");
    const DealResult& res = state.result();
    CHECK(res.points[0] + res.points[1] == 4 + 5);  // four aces and the last-trick bonus
    CHECK(res.tricks[0] + res.tricks[1] == 3);
  }
}

TEST_CASE("the side with more points wins; losing dealers deal again", "[unit][scoring]") {
  Ruleset r = test::load_text(small_ruleset("{first_lead: dealer_next, obligations: [follow_suit], trump: {method: none}}"));
  // E holds three aces and leads them: EW take every trick.
  Table t(r, {cards(r, {"QS", "QH", "QD"}), cards(r, {"AS", "AH", "AD"}), cards(r, {"KS", "KH", "KD"}),
              cards(r, {"AC", "KC", "QC"})});
  for (const char* e : {"AS", "AH", "AD"}) {
    t.act(e);
    LegalActions legal;
    for (int k = 0; k < 3; ++k) {
      t.state.legal_actions(&legal);
      REQUIRE(t.state.apply(legal.at(0)) == "");
    }
  }
  REQUIRE(t.state.deal_over());
  CHECK(t.state.result().winner_team == 1);  // EW: three aces and three tricks
  CHECK(t.state.result().name == "normal");
  CHECK(t.state.result().next_dealer == 0);  // the dealer's side lost: the same dealer
}

TEST_CASE("counterclockwise play goes to the dealer's right", "[unit][trick]") {
  std::string yaml = small_ruleset("{first_lead: dealer_next, obligations: [follow_suit], trump: {method: none}}");
  yaml.replace(yaml.find("direction: clockwise"), 20, "direction: counterclockwise");
  Ruleset r = test::load_text(yaml);
  GameState state(r, nullptr);
  Rng rng(1);
  REQUIRE(state.start_deal(0, 0, rng) == "");
  CHECK(state.to_move() == 3);  // W
  LegalActions legal;
  state.legal_actions(&legal);
  REQUIRE(state.apply(legal.at(0)) == "");
  CHECK(state.to_move() == 2);  // then S
}

// The bindings read tricks with trick_plays (no list allocated): the same plays
// as trick(), last_trick() and past_trick(n) at every turn, none before the
// first trick is complete.
TEST_CASE("trick_plays copies the same plays as the trick lists", "[unit][trick]") {
  Ruleset r = test::load_text(small_ruleset("{first_lead: dealer_next, obligations: [follow_suit], trump: {method: fixed, suit: S}}"));
  GameState state(r, nullptr);
  Rng rng(3), bot(4);
  const auto same = [](const std::vector<std::pair<int, Card>>& list, const std::pair<int, Card>* plays, int n) {
    return list == std::vector<std::pair<int, Card>>(plays, plays + n);
  };
  for (int deal = 0; deal < 20; ++deal) {
    REQUIRE(state.start_deal(deal % 4, deal, rng) == "");
    LegalActions legal;
    while (!state.deal_over()) {
      std::pair<int, Card> plays[kMaxSeats];
      CHECK(same(state.trick(), plays, state.trick_plays(0, plays)));
      CHECK(same(state.last_trick(), plays, state.trick_plays(-1, plays)));
      if (state.tricks_played() == 0) CHECK(state.trick_plays(-1, plays) == 0);
      for (int n = 1; n <= state.tricks_played(); ++n) CHECK(same(state.past_trick(n), plays, state.trick_plays(n, plays)));
      CHECK(state.trick_plays(state.tricks_played() + 1, plays) == 0);
      state.legal_actions(&legal);
      REQUIRE(state.apply(legal.at(int(bot.below(uint32_t(legal.count()))))) == "");
    }
  }
}
