// Euchre (rulesets/euchre) over many random deals of every option set: the
// legal plays and every trick's winner equal an independent reading of
// docs/rules/euchre.md 3 and 7 (written here from the rules text with its own
// rank table and bower rule, not with the engine's views); the dealer's pickup
// and discard (5.1) leave the discard seen by the dealer alone; going alone
// (6) gives tricks of three; the worlds bots sample for the other seats keep
// the turn-up with the dealer without telling whether he discarded it; and
// every deal scores by the table of 8.
#include <catch2/catch.hpp>

#include <string>

#include "core/rng.h"
#include "session/matches/match.h"
#include "session/observation/observation.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

struct Reader {
  const Ruleset& r;
  int printed_suit(Card c) const { return r.deck.cards[c].suit; }
  const std::string& rank(Card c) const { return r.deck.ranks[r.deck.cards[c].rank]; }
  const std::string& suit_name(int s) const { return r.deck.suits[size_t(s)]; }
  // 3: the other suit of the trump's colour (spades and clubs black, hearts and diamonds red).
  int same_colour(int suit) const {
    const std::string partner = suit_name(suit) == "S" ? "C" : suit_name(suit) == "C" ? "S"
                              : suit_name(suit) == "H" ? "D" : "H";
    return r.deck.suit_index(partner);
  }
  bool left_bower(Card c, int trump) const { return rank(c) == "J" && printed_suit(c) == same_colour(trump); }
  // The suit a card belongs to for every rule: the left bower is a trump.
  int suit(Card c, int trump) const { return left_bower(c, trump) ? trump : printed_suit(c); }
  // Strength within its suit, high is better.
  int strength(Card c, int trump) const {
    if (suit(c, trump) == trump) {
      if (rank(c) == "J") return left_bower(c, trump) ? 7 : 8;
      const std::string order[] = {"9", "10", "Q", "K", "A"};
      for (int i = 0; i < 5; ++i)
        if (rank(c) == order[i]) return i + 1;
    }
    const std::string order[] = {"9", "10", "J", "Q", "K", "A"};
    for (int i = 0; i < 6; ++i)
      if (rank(c) == order[i]) return i + 1;
    return 0;
  }
  // 7: follow the suit led if you can, else any card.
  CardSet legal(CardSet hand, const std::vector<std::pair<int, Card>>& trick, int trump) const {
    if (trick.empty()) return hand;
    const int led = suit(trick.front().second, trump);
    CardSet follow;
    for (Card c : hand)
      if (suit(c, trump) == led) follow.add(c);
    return follow.empty() ? hand : follow;
  }
  // 7: the highest trump, else the highest card of the suit led.
  int winner(const std::vector<std::pair<int, Card>>& trick, int trump) const {
    const int led = suit(trick.front().second, trump);
    auto key = [&](Card c) {
      const int s = suit(c, trump);
      return s == trump ? 100 + strength(c, trump) : s == led ? strength(c, trump) : 0;
    };
    auto best = trick.front();
    for (auto played : trick)
      if (key(played.second) > key(best.second)) best = played;
    return best.first;
  }
};

}  // namespace

TEST_CASE("Euchre: legal plays and trick winners equal a reading of the rules; pickup, discard, alone and scoring",
          "[unit][play][euchre]") {
  const Ruleset base = test::load_bundled("rulesets/euchre/euchre.yaml");
  int worlds_as_true = 0, worlds_as_false = 0;
  int positions = 0, tricks = 0, discards = 0, alone = 0, marches = 0, euchres = 0, lone_marches = 0, turned_down = 0;
  for (const auto& options : test::option_combinations(base)) {
    if (options.at("target") != "10") continue;  // the target changes no deal
    const Ruleset rules = test::load_bundled("rulesets/euchre/euchre.yaml", options);
    const Reader rd{rules};
    Match match(rules, 20261123);
    REQUIRE(match.ok());
    Rng pick(11), worlds_rng(5);
    for (int d = 0; d < 1500; ++d) {
      REQUIRE(match.start_deal() == "");
      GameState& s = match.state();
      REQUIRE(s.turn_up() != kNoCard);
      const Card turn_up = s.turn_up();
      Card discarded = kNoCard;
      int tricks_seen = 0;
      while (!s.deal_over()) {
        if (s.question().tag == "discard") {
          // 5.1: the dealer holds his five cards and the turn-up, and discards one of the six.
          REQUIRE(s.to_move() == s.dealer());
          REQUIRE(s.trump_suit() == rd.printed_suit(turn_up));
          REQUIRE(s.hand_of(s.dealer()).size() == 6);
          REQUIRE(s.hand_of(s.dealer()).contains(turn_up));
          REQUIRE(s.legal().cards == s.hand_of(s.dealer()));
        }
        if (s.phase() == Phase::Play) {
          const CardSet expected = rd.legal(s.hand_of(s.to_move()), s.trick(), s.trump_suit());
          INFO("deal " << d << " seat " << s.to_move() << " trump " << s.trump_suit());
          REQUIRE(s.legal().cards == expected);
          ++positions;
        }
        const LegalActions& legal = s.legal();
        const Action a = legal.at(int(pick.below(uint32_t(legal.count()))));
        const int before = s.tricks_played();
        REQUIRE(s.apply(a) == "");
        if (a.kind == ActionKind::Discard) {
          discarded = a.card;
          ++discards;
          // 10: the discard is the dealer's secret: his view shows it face down, the others' only a count.
          for (int seat = 0; seat < 4; ++seat) {
            const Observation o = observe(s, seat, {});
            const std::string view = observation_json(rules, o).dump();
            const std::string card = "\"" + rules.deck.card_text(a.card) + "\"";
            if (seat == s.dealer()) CHECK(o.own_hidden == CardSet::of(a.card));
            else CHECK(view.find(card) == std::string::npos);
            CHECK(o.hidden_counts[size_t(s.dealer())] == 1);
          }
          // A world another seat imagines keeps the turn-up with the dealer, in his hand or face
          // down at random, whichever is true (else the sample would give his discard away).
          for (int k = 0; k < 8; ++k) {
            GameState world(s);
            world.redeal_unseen((s.dealer() + 1) % 4, worlds_rng);
            REQUIRE((world.hand_of(s.dealer()) | world.hidden_of(s.dealer())).contains(turn_up));
            REQUIRE(world.hidden_of(s.dealer()).size() == 1);
            ++(world.hidden_of(s.dealer()).contains(turn_up) == (discarded == turn_up) ? worlds_as_true : worlds_as_false);
          }
        }
        if (s.tricks_played() > before) {
          const auto last = s.last_trick();
          REQUIRE(int(last.size()) == (s.declared() ? 3 : 4));  // 6: the lone maker's partner plays no card
          REQUIRE(s.last_trick_winner() == rd.winner(last, s.trump_suit()));
          ++tricks, ++tricks_seen;
        }
      }
      const DealResult& r = s.result();
      if (r.name == "all_passed") {
        REQUIRE(r.game_points == std::vector<int>{0, 0});
      } else {
        REQUIRE(tricks_seen == 5);
        if (discarded == kNoCard) ++turned_down;
        else REQUIRE(s.hidden_of(s.dealer()) == CardSet::of(discarded));  // out of the play to the end
        alone += s.declared();
        // 8: the scoring table.
        const int makers = rules.team_of[size_t(s.bidder())];
        const int taken = r.tricks[size_t(makers)];
        std::vector<int> expected(2, 0);
        if (taken < 3) expected[size_t(1 - makers)] = 2, ++euchres;
        else if (taken == 5) expected[size_t(makers)] = s.declared() ? 4 : 2, ++marches, lone_marches += s.declared();
        else expected[size_t(makers)] = 1;
        INFO("deal " << d << " makers " << makers << " tricks " << taken << " alone " << s.declared());
        REQUIRE(r.game_points == expected);
      }
      REQUIRE(match.finish_deal() == "");
      if (match.over()) match.restart(20261123 + uint64_t(d));
    }
  }
  // The run reached the cases it is about.
  CHECK(positions > 50000);
  CHECK(tricks > 10000);
  CHECK(discards > 100);
  CHECK(turned_down > 100);
  CHECK(alone > 100);
  CHECK(marches > 0);
  CHECK(euchres > 0);
  CHECK(lone_marches > 0);
  // About one world in six puts the turn-up among the discards, true or not.
  CHECK(worlds_as_false > 100);
  CHECK(worlds_as_true > 100);
}
