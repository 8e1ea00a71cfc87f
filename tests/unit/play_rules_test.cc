// The legal-play pipeline, one filter at a time (play.obligations,
// play.lead_restrictions, the first-lead card, play.not_on_first_trick), trump
// orders and points that differ from the plain suits', and extra trumps (a
// card that changes suit while a suit is trump). Positions are set with
// start_position on a 32-card deck so that each test shows one rule.
#include <catch2/catch.hpp>

#include <sstream>

#include "engine/state.h"
#include "session/observation/observation.h"
#include "session/table/refusal.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

// 32 cards, four seats in two teams, Mpourloto's orders and points.
std::string ruleset_with(const std::string& play) {
  return R"(name: Play rules
seats: 4
teams: {layout: alternate, count: 2}
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9, 8, 7]}
rank_order: [A, 10, K, Q, J, 9, 8, 7]
trump_rank_order: [J, 9, A, 10, K, Q, 8, 7]
card_points: {A: 11, 10: 10, K: 4, Q: 3, J: 2}
trump_card_points: {J: 20, 9: 14, A: 11, 10: 10, K: 4, Q: 3}
deal_packets: [8]
deal: [deal]
play: )" + play + R"(
result: {compare: [points, tricks], default_name: normal}
next_dealer: {dealer_team_won: next, dealer_team_lost: next, draw: same}
match: {deals: 1, first_dealer: N}
)";
}

CardSet set_of(const Ruleset& r, const std::string& texts) {
  std::istringstream in(texts);
  CardSet out;
  for (std::string t; in >> t;) {
    Card c = r.deck.parse_card(t);
    INFO(t);
    REQUIRE(c != kNoCard);
    out.add(c);
  }
  return out;
}

// A position at the start of a trick: hands N E S W, cards played to earlier
// tricks (in N's won pile), every other card out of play; then `plays`.
struct Position {
  Ruleset rules;
  GameState state;
  Position(Ruleset r, std::vector<std::string> hands, int leader, const char* trump,
           const std::string& earlier = "", int tricks_played = -1)
      : rules(std::move(r)), state(rules, nullptr) {
    PlayPosition p;
    CardSet placed;
    for (const auto& h : hands) {
      p.hands.push_back(set_of(rules, h));
      placed |= p.hands.back();
    }
    p.captured.assign(4, CardSet());
    p.captured[0] = set_of(rules, earlier);
    placed |= p.captured[0];
    p.out_of_play = rules.deck.all & ~placed;
    p.tricks_won = {earlier.empty() ? 0 : 1, 0, 0, 0};
    p.tricks_played = tricks_played >= 0 ? tricks_played : (earlier.empty() ? 0 : 1);
    p.trump_suit = trump ? rules.deck.suit_index(trump) : -1;
    p.leader = leader;
    REQUIRE(state.start_position(3, 0, p) == "");
  }
  void play(const std::string& texts) {
    std::istringstream in(texts);
    for (std::string t; in >> t;) {
      Action a;
      std::string why;
      REQUIRE(parse_action(rules, t, &a, &why));
      INFO(t);
      REQUIRE(state.apply(a) == "");
    }
  }
  std::string legal() const { return legal_text(rules, state.legal()); }
};

constexpr int N = 0, E = 1, S = 2, W = 3;

Ruleset load(const std::string& play) { return test::load_text(ruleset_with(play)); }

}  // namespace

TEST_CASE("obligations: follow suit by default; the plain obligations read back from the list", "[unit][play]") {
  CHECK(load("{}").play.obligations == std::vector<PlayFilter>{PlayFilter::FollowSuit});
  CHECK(load("{}").play.must_follow_suit);
  CHECK(load("{obligations: []}").play.obligations.empty());
  CHECK_FALSE(load("{obligations: []}").play.must_follow_suit);
  Ruleset listed = load("{obligations: [follow_suit, trump_if_void]}");
  CHECK(listed.play.must_trump_when_void);
  CHECK_FALSE(listed.play.must_overtrump);
}

TEST_CASE("follow_suit: the led suit when held, else anything", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit], trump: {method: fixed, suit: S}}");
  Position p(r, {"AH 7H AS", "KH 8S 8D", "7S 7D 7C", "QD QC QS"}, E, "S");
  p.play("KH");
  CHECK(p.legal() == "7S, 7D, 7C");  // S void in hearts, trumping not required
  p.play("7D");
  CHECK(p.legal() == "QS, QD, QC");
  p.play("QC");
  CHECK(p.legal() == "AH, 7H");
}

TEST_CASE("trump_if_void: a void player holding trumps must trump", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit, trump_if_void], trump: {method: fixed, suit: S}}");
  Position p(r, {"AS 8C 7C", "KH 8S 8D", "7S JS 7D", "QD QC KD"}, E, "S");
  p.play("KH");
  CHECK(p.legal() == "JS, 7S");  // void in hearts, holds spades
  p.play("7S");
  CHECK(p.legal() == "KD, QD, QC");  // void in hearts and trumps: anything
  p.play("QD");
  CHECK(p.legal() == "AS");  // void: the only trump
}

TEST_CASE("overruff: a player made to trump beats the trick's trumps when able", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit, trump_if_void, overruff], trump: {method: fixed, suit: S}}");
  SECTION("a higher trump is required when held") {
    Position p(r, {"JS 8S AD", "KH 8D 7D", "AS 7C 8C", "QD QC KD"}, E, "S");
    p.play("KH AS QD");
    CHECK(p.legal() == "JS");  // AS beaten only by JS (trump order J 9 A ...)
  }
  SECTION("only lower trumps: any trump (an undertrump)") {
    Position p(r, {"8S 7S AD", "KH 8D 7D", "JS 7C 8C", "QD QC KD"}, E, "S");
    p.play("KH JS QD");
    CHECK(p.legal() == "8S, 7S");
  }
  SECTION("not when following a trump lead") {
    Position p(r, {"8S JS AD", "AS 8D 7D", "9S 7C 8C", "QD QC KD"}, E, "S");
    p.play("AS");
    CHECK(p.legal() == "9S");
    p.play("9S QD");
    CHECK(p.legal() == "JS, 8S");
  }
}

TEST_CASE("overtrump: whenever only trumps may be played, beat the best trump when able",
          "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit, overtrump], trump: {method: fixed, suit: S}}");
  SECTION("on a trump lead") {
    Position p(r, {"8S JS AD", "AS 8D 7D", "9S KS 8C", "QD QC KD"}, E, "S");
    p.play("AS");
    CHECK(p.legal() == "9S");  // 9S beats AS, KS does not
    p.play("9S QD");
    CHECK(p.legal() == "JS");
  }
  SECTION("not while other cards are allowed") {
    Position p(r, {"8S JS AD", "AH 8D 7D", "9S KS 8C", "QD QC KD"}, E, "S");
    p.play("AH");
    CHECK(p.legal() == "KS, 9S, 8C");  // trumping is optional here, so is beating
  }
}

TEST_CASE("head_trick: beat every card in the trick when able, even a partner's", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit, trump_if_void, head_trick], trump: {method: fixed, suit: S}}");
  SECTION("following a plain suit over the partner's card") {
    Position p(r, {"AH 7H 9H", "KH 8D 7D", "10H JS 8C", "QD QC KD"}, E, "S");
    p.play("KH");
    CHECK(p.legal() == "10H");  // 10H beats KH (plain order A 10 K ...)
    p.play("10H QD");
    CHECK(p.legal() == "AH");  // N must beat his partner S's 10H
  }
  SECTION("no card of the led suit beats: any card of it") {
    Position p(r, {"8H 7H AD", "AH 8D 7D", "10H JS 8C", "QD QC KD"}, E, "S");
    p.play("AH");
    CHECK(p.legal() == "10H");
    p.play("10H QD");
    CHECK(p.legal() == "8H, 7H");
  }
  SECTION("void, only lower trumps: trump anyway (forced undertrump)") {
    Position p(r, {"8S 7S AD", "KH 8D 7D", "JS 7C 8C", "QD QC KD"}, E, "S");
    p.play("KH JS QD");
    CHECK(p.legal() == "8S, 7S");
  }
  SECTION("a trick already trumped: following the plain suit beats nothing") {
    Position p(r, {"AH 7H AD", "KH 8D 7D", "JS 7C 8C", "QD QC KD"}, E, "S");
    p.play("KH JS QD");
    CHECK(p.legal() == "AH, 7H");
  }
  SECTION("a trump lead: the higher trumps") {
    Position p(r, {"9S 7S JS", "AS 8D 7D", "KS 7C 8C", "QD QC KD"}, E, "S");
    p.play("AS KS QD");
    CHECK(p.legal() == "JS, 9S");
  }
}

TEST_CASE("lead_restrictions: a suit may not be led until broken", "[unit][play]") {
  Ruleset r = load("{lead_restrictions: [{cards: H, until_played: [H, QS]}]}");
  SECTION("unbroken: no heart lead") {
    Position p(r, {"AH 7H 8C", "KH 8D 7D", "JS 7C 9C", "QD QC KD"}, N, nullptr, "10C KC 9D 10D");
    CHECK(p.legal() == "8C");
  }
  SECTION("a heart in an earlier trick breaks hearts") {
    Position p(r, {"AH 7H 8C", "KH 8D 7D", "JS 7C 9C", "QD QC KD"}, N, nullptr, "10C 8H 9D 10D");
    CHECK(p.legal() == "AH, 7H, 8C");
  }
  SECTION("so does the queen of spades") {
    Position p(r, {"AH 7H 8C", "KH 8D 7D", "JS 7C 9C", "QD QC KD"}, N, nullptr, "10C QS 9D 10D");
    CHECK(p.legal() == "AH, 7H, 8C");
  }
  SECTION("a leader with only hearts may lead one") {
    Position p(r, {"AH 7H", "KH 8D", "JS 7C", "QD QC"}, N, nullptr, "10C KC 9D 10D");
    CHECK(p.legal() == "AH, 7H");
  }
  SECTION("following is not restricted") {
    Position p(r, {"AH 7H 8C", "KH 8D 7D", "JS 7C 9C", "QD QC KD"}, W, nullptr, "10C KC 9D 10D");
    p.play("KD");
    CHECK(p.legal() == "AH, 7H, 8C");  // N, void in diamonds, may discard a heart
  }
}

TEST_CASE("lead_restrictions: trump may not be led until a trump was played", "[unit][play]") {
  Ruleset r = load("{lead_restrictions: [{cards: trump}], trump: {method: fixed, suit: S}}");
  SECTION("no trump played yet") {
    Position p(r, {"AS 7S 8C", "KH 8D 7D", "JS 7C 9C", "QD QC KD"}, N, "S", "10C KC 9D 10D");
    CHECK(p.legal() == "8C");
  }
  SECTION("a trump discarded earlier lifts it") {
    Position p(r, {"AS 7S 8C", "KH 8D 7D", "JS 7C 9C", "QD QC KD"}, N, "S", "10C 8S 9D 10D");
    CHECK(p.legal() == "AS, 7S, 8C");
  }
  SECTION("only trumps: a trump may be led") {
    Position p(r, {"AS 7S", "KH 8D", "JS 7C", "QD QC"}, N, "S", "10C KC 9D 10D");
    CHECK(p.legal() == "AS, 7S");
  }
}

TEST_CASE("first_lead: the holder of a card leads, and may have to lead it", "[unit][play]") {
  SECTION("holder_of leads") {
    Ruleset r = load("{first_lead: {holder_of: 7C}}");
    GameState s(r, nullptr);
    Rng rng(3);
    for (int deal = 0; deal < 20; ++deal) {
      REQUIRE(s.start_deal(deal % 4, deal, rng) == "");
      CHECK(s.hand_of(s.to_move()).contains(r.deck.parse_card("7C")));
      CHECK(s.legal().cards == s.hand_of(s.to_move()));
    }
  }
  SECTION("lead_it: that card is the only legal lead") {
    Ruleset r = load("{first_lead: {holder_of: 7C, lead_it: true}}");
    GameState s(r, nullptr);
    Rng rng(4);
    REQUIRE(s.start_deal(0, 0, rng) == "");
    CHECK(legal_text(r, s.legal()) == "7C");
  }
  SECTION("nobody holds the card: the dealer's next leads") {
    std::string yaml = ruleset_with("{first_lead: {holder_of: 7C, lead_it: true}}");
    yaml.replace(yaml.find("deal_packets: [8]"), 17, "deal_packets: [7]");
    Ruleset r = test::load_text(yaml);
    GameState s(r, nullptr);
    Rng rng(5);
    int undealt = 0;
    for (int deal = 0; deal < 40; ++deal) {
      REQUIRE(s.start_deal(1, deal, rng) == "");
      if (s.stock().contains(r.deck.parse_card("7C"))) {
        ++undealt;
        CHECK(s.to_move() == 2);  // the dealer (E)'s next, S
        CHECK(s.legal().cards == s.hand_of(2));
      } else {
        CHECK(legal_text(r, s.legal()) == "7C");
      }
    }
    CHECK(undealt > 0);
  }
}

TEST_CASE("not_on_first_trick: barred cards only when nothing else is allowed", "[unit][play]") {
  Ruleset r = load("{not_on_first_trick: [H, QS]}");
  SECTION("first trick") {
    Position p(r, {"AC 7H QS", "KC 8H 7D", "AH KH QH", "QD QC KD"}, N, nullptr);
    CHECK(p.legal() == "AC");
    p.play("AC");
    CHECK(p.legal() == "KC");
    p.play("KC");
    CHECK(p.legal() == "AH, KH, QH");  // nothing else: hearts after all
    p.play("QH");
    CHECK(p.legal() == "QC");
  }
  SECTION("later tricks") {
    Position p(r, {"AC 7H QS", "KC 8H 7D", "AH KH QH", "QD QC KD"}, N, nullptr, "10C 9C 9D 10D");
    CHECK(p.legal() == "QS, 7H, AC");
  }
}

TEST_CASE("a trump order and points that differ from the plain suits' (Mpourloto)", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit, trump_if_void, head_trick], trump: {method: fixed, suit: H}, "
                   "last_trick_bonus: 10}");
  const int hearts = r.deck.suit_index("H");
  int trump_total = 0, plain_total = 0;
  for (Card c : r.deck.suit_mask[size_t(hearts)]) trump_total += r.points_of(c, hearts);
  for (Card c : r.deck.suit_mask[size_t(r.deck.suit_index("S"))]) plain_total += r.points_of(c, hearts);
  CHECK(trump_total == 62);
  CHECK(plain_total == 30);
  CHECK(r.points_of(r.deck.parse_card("JH"), hearts) == 20);
  CHECK(r.points_of(r.deck.parse_card("9H"), hearts) == 14);
  CHECK(r.points_of(r.deck.parse_card("JS"), hearts) == 2);
  // J 9 A 10 K Q 8 7 in trumps: each card beats the ones after it.
  const char* order[] = {"JH", "9H", "AH", "10H", "KH", "QH", "8H", "7H"};
  for (int hi = 0; hi < 7; ++hi) {
    Position p(r, {std::string(order[hi]) + " AC", std::string(order[hi + 1]) + " KC", "AD KD", "QD JD"}, E, "H");
    p.play(std::string(order[hi + 1]) + " AD QD");
    p.play(order[hi]);
    CHECK(p.state.last_trick_winner() == N);
  }
  // A 10 K Q J 9 8 7 in plain suits.
  Position p(r, {"10S AC", "KS KC", "AD KD", "QD JD"}, E, "H");
  p.play("KS AD QD 10S");
  CHECK(p.state.last_trick_winner() == N);
}

TEST_CASE("extra_trumps: a left bower is a trump, second highest, and follows trump", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit, trump_if_void], trump: {method: fixed, suit: H}, "
                   "extra_trumps: {H: [{card: JD, after: J}], D: [{card: JH, after: J}]}}");
  SECTION("the views") {
    const TrumpView& hearts = r.play.view(r.deck.suit_index("H"));
    const Card jd = r.deck.parse_card("JD");
    CHECK(hearts.suit[jd] == r.deck.suit_index("H"));
    CHECK(hearts.trumps == (r.deck.suit_mask[1] | CardSet::of(jd)));
    CHECK(hearts.strength[r.deck.parse_card("JH")] == 9);
    CHECK(hearts.strength[jd] == 8);
    CHECK(hearts.strength[r.deck.parse_card("9H")] == 7);
    const TrumpView& spades = r.play.view(r.deck.suit_index("S"));
    CHECK(spades.suit[jd] == r.deck.suit_index("D"));  // only while hearts are trump
    CHECK(r.play.view(-1).trumps.empty());
  }
  SECTION("it follows a heart lead and is no diamond") {
    Position p(r, {"AH 7C AC", "KH 8D 7D", "JD AD 8C", "QD QC KD"}, E, "H");
    p.play("KH");
    CHECK(p.legal() == "JD");  // S's only heart
    p.play("JD");
    CHECK(p.legal() == "KD, QD, QC");  // W void in hearts, no trump
    p.play("QD AH");
    CHECK(p.state.last_trick_winner() == S);  // JD beats AH and KH
  }
  SECTION("void in diamonds when the left bower is the only 'diamond'") {
    Position p(r, {"AH 7C AC", "KD 8D 7D", "JD 9S 8C", "QD QC JH"}, E, "H");
    p.play("KD");
    CHECK(p.legal() == "JD");  // void in diamonds: must trump, with the left bower
    p.play("JD QD");
    CHECK(p.legal() == "AH");
    p.play("AH");
    CHECK(p.state.last_trick_winner() == S);
  }
  SECTION("the right bower beats it") {
    Position p(r, {"JH 7C AC", "JD 8D 7D", "9H 9S 8C", "QD QC KD"}, E, "H");
    p.play("JD 9H QD JH");
    CHECK(p.state.last_trick_winner() == N);
  }
}

TEST_CASE("follow_suit_or_trump: the led suit or a trump when able to follow, else anything", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit_or_trump], trump: {method: fixed, suit: S}}");
  CHECK(r.play.follow_compulsory);
  CHECK(r.play.follow_or_trump);
  SECTION("a plain lead") {
    Position p(r, {"AH 7H AS", "KH 8S 8D", "8H 7S 7D", "QD QC QS"}, E, "S");
    p.play("KH");
    CHECK(p.legal() == "7S, 8H");  // hearts or a trump, not 7D
    p.play("7S");
    CHECK(p.legal() == "QS, QD, QC");  // void in hearts: anything
    p.play("QD");
    CHECK(p.legal() == "AS, AH, 7H");  // the trump need not beat S's
  }
  SECTION("a trump lead is followed with a trump") {
    Position p(r, {"AH 7H AS", "8S KH 8D", "8H 7S 7D", "QD QC KD"}, E, "S");
    p.play("8S");
    CHECK(p.legal() == "7S");
    p.play("7S");
    CHECK(p.legal() == "KD, QD, QC");
  }
}

TEST_CASE("follow_exempt highest_trump: the highest trump alone need not follow a trump lead", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit, trump_if_void], follow_exempt: highest_trump, "
                   "trump: {method: fixed, suit: S}}");
  const Card js = r.deck.parse_card("JS");
  CHECK(r.play.view(r.deck.suit_index("S")).follow_exempt == CardSet::of(js));
  CHECK(r.play.view(-1).follow_exempt.empty());
  SECTION("alone: any card; with another trump: follow") {
    Position p(r, {"AS 8H 7D", "KS 8D 7C", "JS AH QC", "9S QD KD"}, E, "S");
    p.play("KS");
    CHECK(p.legal() == "JS, AH, QC");
    CHECK(p.state.legal_cards_without(PlayRuleOff{PlayRuleOff::Kind::FollowExempt, 0}) == CardSet::of(js));
    p.play("AH");
    CHECK(p.legal() == "9S");
    p.play("9S");
    CHECK(p.legal() == "AS");
  }
  SECTION("the highest trump with another trump follows, with either") {
    Position p(r, {"AS 8H 7D", "KS 8D 7C", "JS 7S QC", "9S QD KD"}, E, "S");
    p.play("KS");
    CHECK(p.legal() == "JS, 7S");
  }
  SECTION("it lifts following only: void in a plain suit led, trump_if_void asks for it") {
    Position p(r, {"AS 8H 7D", "KH 8D 7C", "JS AD QC", "9S QD KD"}, E, "S");
    p.play("KH");
    CHECK(p.legal() == "JS");
  }
}

TEST_CASE("refusals: a third suit under follow_suit_or_trump, a trump owed beside the highest", "[unit][play]") {
  Ruleset r = load("{obligations: [follow_suit_or_trump], follow_exempt: highest_trump, "
                   "trump: {method: fixed, suit: S}}");
  auto refusal = [&](const Position& p, const char* card) {
    Action a;
    std::string why;
    REQUIRE(parse_action(r, card, &a, &why));
    return refusal_reason(p.rules, observe(p.state, p.state.to_move(), {0, 0}), a, TableStyle{});
  };
  Position plain(r, {"AH 7H AS", "KH 8S 8D", "8H 7S 7D", "QD QC QS"}, E, "S");
  plain.play("KH");
  const std::string third_suit = refusal(plain, "7D");
  INFO(third_suit);
  CHECK(third_suit.find("you must follow") != std::string::npos);
  CHECK(third_suit.find("or play a trump") != std::string::npos);
  Position trumps(r, {"AS 8H 7D", "KS 8D 7C", "JS 7S QC", "9S QD KD"}, E, "S");
  trumps.play("KS");
  const std::string owed = refusal(trumps, "QC");
  INFO(owed);
  CHECK(owed.find("you must follow") != std::string::npos);
  CHECK(owed.find("or play a trump") == std::string::npos);
}
