// The legal-play pipeline against independent readings of the rules: random
// deals are played with random legal cards, and at every turn the engine's
// legal set must equal what a brute-force reading of the rule text allows
// (written here from card names alone, sharing no code or table with the
// engine); after every trick its winner must match too. Three readings:
// Mpourloto (follow; else trump; else any; then beat every card if possible),
// a Hearts-like first trick and broken suit, and Euchre's bowers.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/state.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

// A card as the rule text names it: rank name and suit letter.
struct Named {
  std::string rank;
  char suit;
};

struct Reading {
  // The legal cards for a hand, given the trick so far (in play order), the
  // trump letter (0 when none) and the cards of the completed tricks.
  std::function<std::vector<Card>(const std::vector<Card>& hand, const std::vector<Card>& trick, char trump,
                                  const std::vector<Card>& earlier)>
      legal;
  // The position in the trick of the winning card.
  std::function<size_t(const std::vector<Card>& trick, char trump)> winner;
};

std::vector<Card> cards_of(CardSet set) {
  std::vector<Card> out;
  for (Card c : set) out.push_back(c);
  return out;
}

// Plays `deals` random deals, checking every turn and every trick against `reading`.
void check_against(const Ruleset& r, const Reading& reading, int deals, uint64_t seed) {
  GameState state(r, nullptr);
  Rng deal_rng(seed), bot(seed + 1);
  long turns = 0;
  for (int d = 0; d < deals; ++d) {
    REQUIRE(state.start_deal(d % 4, d, deal_rng) == "");
    std::vector<Card> earlier;
    while (!state.deal_over()) {
      const int seat = state.to_move();
      std::vector<Card> trick;
      for (auto [s, c] : state.trick()) trick.push_back(c);
      const int trump_index = state.trump_suit();
      const char trump = trump_index < 0 ? 0 : r.deck.suits[size_t(trump_index)][0];
      std::vector<Card> expected = reading.legal(cards_of(state.hand_of(seat)), trick, trump, earlier);
      std::sort(expected.begin(), expected.end());
      const std::vector<Card> actual = cards_of(state.legal().cards);
      if (actual != expected) {
        std::string hand, in_trick, want;
        for (Card c : cards_of(state.hand_of(seat))) hand += r.deck.card_text(c) + " ";
        for (Card c : trick) in_trick += r.deck.card_text(c) + " ";
        for (Card c : expected) want += r.deck.card_text(c) + " ";
        INFO("deal " << d << " trump " << (trump ? std::string(1, trump) : "none") << " hand " << hand
                     << "trick " << in_trick << "expected " << want << "engine "
                     << legal_text(r, state.legal()));
        REQUIRE(actual == expected);
      }
      ++turns;
      const Card card = actual[bot.below(uint32_t(actual.size()))];
      Action a;
      a.kind = ActionKind::Play;
      a.card = card;
      REQUIRE(state.apply(a) == "");
      if (state.trick().empty()) {  // the card completed a trick
        std::vector<Card> done;
        for (auto [s, c] : state.last_trick()) done.push_back(c);
        const size_t best = reading.winner(done, trump);
        CHECK(state.last_trick()[best].first == state.last_trick_winner());
        earlier.insert(earlier.end(), done.begin(), done.end());
      }
    }
  }
  CHECK(turns >= long(deals) * 20);
}

}  // namespace

TEST_CASE("Mpourloto's reading of the play rules over random deals", "[unit][play]") {
  const Ruleset r = test::load_text(R"(name: Mpourloto play
seats: 4
teams: {layout: alternate, count: 2}
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9, 8, 7]}
rank_order: [A, 10, K, Q, J, 9, 8, 7]
trump_rank_order: [J, 9, A, 10, K, Q, 8, 7]
deal_packets: [8]
deal: [random_trump, deal]
play: {obligations: [follow_suit, trump_if_void, head_trick], trump: {method: random_card}}
result: {compare: [tricks], default_name: normal}
match: {deals: 1, first_dealer: N}
)");
  auto named = [&](Card c) { return Named{r.deck.ranks[r.deck.cards[c].rank], r.deck.suits[r.deck.cards[c].suit][0]}; };
  auto position_in = [](const std::string& order, const std::string& rank) {
    return order.find(" " + rank + " ");
  };
  // a beats b in a trick led with `led`: trumps by J 9 A 10 K Q 8 7, else the led suit by A 10 K Q J 9 8 7.
  auto beats = [&](Card a, Card b, char led, char trump) {
    Named x = named(a), y = named(b);
    const bool xt = x.suit == trump, yt = y.suit == trump;
    if (xt != yt) return xt;
    if (xt) return position_in(" J 9 A 10 K Q 8 7 ", x.rank) < position_in(" J 9 A 10 K Q 8 7 ", y.rank);
    if (x.suit != led) return false;
    if (y.suit != led) return true;
    return position_in(" A 10 K Q J 9 8 7 ", x.rank) < position_in(" A 10 K Q J 9 8 7 ", y.rank);
  };
  Reading reading;
  reading.legal = [&](const std::vector<Card>& hand, const std::vector<Card>& trick, char trump,
                      const std::vector<Card>&) {
    if (trick.empty()) return hand;
    const char led = named(trick[0]).suit;
    std::vector<Card> allowed;
    for (Card c : hand)
      if (named(c).suit == led) allowed.push_back(c);  // 1. follow suit
    if (allowed.empty())
      for (Card c : hand)
        if (named(c).suit == trump) allowed.push_back(c);  // 2. void: trump
    if (allowed.empty()) allowed = hand;                   // 3. anything
    std::vector<Card> heading;                             // 4. beat every card if possible
    for (Card c : allowed)
      if (std::all_of(trick.begin(), trick.end(), [&](Card t) { return beats(c, t, led, trump); }))
        heading.push_back(c);
    return heading.empty() ? allowed : heading;
  };
  reading.winner = [&](const std::vector<Card>& trick, char trump) {
    size_t best = 0;
    for (size_t i = 1; i < trick.size(); ++i)
      if (beats(trick[i], trick[best], named(trick[0]).suit, trump)) best = i;
    return best;
  };
  check_against(r, reading, 3000, 11);
}

TEST_CASE("a Hearts-like first trick and broken suit over random deals", "[unit][play]") {
  const Ruleset r = test::load_text(R"(name: Hearts-like play
seats: 4
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9, 8, 7]}
deal_packets: [8]
play:
  first_lead: {holder_of: 7C, lead_it: true}
  lead_restrictions: [{cards: H, until_played: [H, QS]}]
  not_on_first_trick: [H, QS]
result: {compare: [tricks], default_name: normal}
match: {deals: 1, first_dealer: N}
)");
  auto suit = [&](Card c) { return r.deck.suits[r.deck.cards[c].suit][0]; };
  auto text = [&](Card c) { return r.deck.card_text(c); };
  auto penalty = [&](Card c) { return suit(c) == 'H' || text(c) == "QS"; };
  Reading reading;
  reading.legal = [&](const std::vector<Card>& hand, const std::vector<Card>& trick, char,
                      const std::vector<Card>& earlier) {
    const bool first_trick = earlier.empty();
    std::vector<Card> allowed;
    if (trick.empty()) {
      for (Card c : hand)
        if (first_trick && text(c) == "7C") return std::vector<Card>{c};  // 7C's holder leads it
      const bool broken = std::any_of(earlier.begin(), earlier.end(), penalty);
      for (Card c : hand)
        if (broken || suit(c) != 'H') allowed.push_back(c);  // no heart lead until broken
    } else {
      for (Card c : hand)
        if (suit(c) == suit(trick[0])) allowed.push_back(c);
    }
    if (allowed.empty()) allowed = hand;  // unless holding nothing else
    if (first_trick) {
      std::vector<Card> clean;
      for (Card c : allowed)
        if (!penalty(c)) clean.push_back(c);
      if (!clean.empty()) allowed = clean;
    }
    return allowed;
  };
  reading.winner = [&](const std::vector<Card>& trick, char) {
    size_t best = 0;
    for (size_t i = 1; i < trick.size(); ++i)
      if (suit(trick[i]) == suit(trick[0]) && r.deck.cards[trick[i]].rank < r.deck.cards[trick[best]].rank)
        best = i;
    return best;
  };
  check_against(r, reading, 3000, 21);
}

TEST_CASE("Euchre's bowers over random deals", "[unit][play]") {
  const Ruleset r = test::load_text(R"(name: Bowers
seats: 4
teams: {layout: alternate, count: 2}
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9]}
trump_rank_order: [J, A, K, Q, 10, 9]
deal_packets: [5]
deal: [random_trump, deal]
play:
  trump: {method: random_card}
  extra_trumps:
    S: [{card: JC, after: J}]
    C: [{card: JS, after: J}]
    H: [{card: JD, after: J}]
    D: [{card: JH, after: J}]
result: {compare: [tricks], default_name: normal}
match: {deals: 1, first_dealer: N}
)");
  auto same_colour = [](char s) { return s == 'S' ? 'C' : s == 'C' ? 'S' : s == 'H' ? 'D' : 'H'; };
  auto rank = [&](Card c) { return r.deck.ranks[r.deck.cards[c].rank]; };
  auto natural = [&](Card c) { return r.deck.suits[r.deck.cards[c].suit][0]; };
  // The left bower is the jack of the trump's colour; it belongs to the trump suit.
  auto suit_of = [&](Card c, char trump) {
    return rank(c) == "J" && natural(c) == same_colour(trump) ? trump : natural(c);
  };
  // Trumps: right bower, left bower, A K Q 10 9; other suits A K Q J 10 9.
  auto power = [&](Card c, char trump) -> int {
    if (suit_of(c, trump) == trump) {
      if (rank(c) == "J") return natural(c) == trump ? 100 : 99;
      return 90 - int(std::string("AKQ19").find(rank(c)[0]));
    }
    return 50 - int(std::string("AKQJ19").find(rank(c)[0]));
  };
  Reading reading;
  reading.legal = [&](const std::vector<Card>& hand, const std::vector<Card>& trick, char trump,
                      const std::vector<Card>&) {
    if (trick.empty()) return hand;
    std::vector<Card> follow;
    for (Card c : hand)
      if (suit_of(c, trump) == suit_of(trick[0], trump)) follow.push_back(c);
    return follow.empty() ? hand : follow;
  };
  reading.winner = [&](const std::vector<Card>& trick, char trump) {
    size_t best = 0;
    auto score = [&](Card c) {
      const char s = suit_of(c, trump);
      return s == trump ? power(c, trump) + 1000 : s == suit_of(trick[0], trump) ? power(c, trump) : 0;
    };
    for (size_t i = 1; i < trick.size(); ++i)
      if (score(trick[i]) > score(trick[best])) best = i;
    return best;
  };
  check_against(r, reading, 3000, 31);
}
