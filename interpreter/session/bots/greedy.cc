// The greedy policy (see greedy.h). Every rule reads the compiled ruleset's
// strengths and points, so a ruleset written tomorrow gets the same policy.
#include "session/bots/greedy.h"

#include <cstdlib>
#include <algorithm>
#include <tuple>

#include "session/bots/goal.h"

namespace hukum {

namespace {

struct CardFacts {
  const Ruleset& rules;
  int trump;              // the trump suit, for card points
  const TrumpView& view;  // how cards rank now: extra trumps and a contract's trump order included
  int suit(Card c) const { return view.suit[c]; }
  bool is_trump(Card c) const { return view.trumps.contains(c); }
  int points(Card c) const { return rules.points_of(c, trump); }
  int strength(Card c) const { return view.strength[c]; }
  // Does `c` beat `best`, the card winning the trick so far?
  bool beats(Card c, Card best) const {
    if (is_trump(c)) return !is_trump(best) || strength(c) > strength(best);
    if (is_trump(best)) return false;
    return suit(c) == suit(best) && strength(c) > strength(best);
  }
  // The card to throw away: no trump if avoidable, few points, low rank.
  Card lowest(CardSet cards) const {
    Card best = cards.first();
    auto key = [&](Card c) { return std::make_tuple(is_trump(c), points(c), strength(c), c); };
    for (Card c : cards)
      if (key(c) < key(best)) best = c;
    return best;
  }
  // The cheapest card that still wins: no trump if a plain card does, low rank.
  Card cheapest_winner(CardSet cards) const {
    Card best = cards.first();
    auto key = [&](Card c) { return std::make_tuple(is_trump(c), strength(c), points(c), c); };
    for (Card c : cards)
      if (key(c) < key(best)) best = c;
    return best;
  }
  // Points given to a partner who is sure to win: most points, then low rank.
  Card richest(CardSet cards) const {
    Card best = cards.first();
    auto key = [&](Card c) { return std::make_tuple(-points(c), is_trump(c), strength(c), c); };
    for (Card c : cards)
      if (key(c) < key(best)) best = c;
    return best;
  }
  // For a seat that avoids taking (goal.h): how much a card would hurt it
  // later, to be rid of it first: its penalty (points against the taker
  // count more than any rank), then its chance to win a trick (trumps, rank).
  int danger(Card c, int sign) const {
    const int penalty = std::max(0, -sign * points(c));
    return penalty * 64 + (is_trump(c) ? 32 : 0) + strength(c);
  }
  Card most_dangerous(CardSet cards, int sign) const {
    Card best = cards.first();
    for (Card c : cards)
      if (danger(c, sign) > danger(best, sign)) best = c;
    return best;
  }
  // The card to take a trick with that the seat cannot or need not lose: no
  // penalty of its own into its own trick, else its highest, shed for free.
  Card highest_safe(CardSet cards, int sign) const {
    Card best = cards.first();
    auto key = [&](Card c) { return std::make_tuple(-std::max(0, -sign * points(c)), danger(c, sign), c); };
    for (Card c : cards)
      if (key(c) > key(best)) best = c;
    return best;
  }
  Card least_dangerous(CardSet cards, int sign) const {
    Card best = cards.first();
    for (Card c : cards)
      if (danger(c, sign) < danger(best, sign)) best = c;
    return best;
  }
};

bool deck_has_points(const Ruleset& rules) {
  for (int c = 0; c < int(rules.deck.cards.size()); ++c)
    if (rules.plain_points[size_t(c)] != 0 || rules.trump_points[size_t(c)] != 0) return true;
  return false;
}

Action card_action(ActionKind kind, Card c) {
  Action a;
  a.kind = kind;
  a.card = c;
  return a;
}

// A seat that avoids taking (penalty points, or its exact bid already made):
// lead its safest card; follow with the highest card that still loses, or,
// when every card wins, take the trick with its highest (or, not last, its
// lowest winner, which a later card may still beat); when it cannot follow,
// throw its most dangerous card. Last to a trick that holds no penalty, it
// may take it with its highest card: a high card shed for free.
Action avoiding_play(const GameState& s, const LegalActions& legal, const CardFacts& f, const SeatGoal& goal, bool last) {
  const auto trick = s.trick();
  if (trick.empty()) return card_action(ActionKind::Play, f.least_dangerous(legal.cards, goal.sign));
  const int winner = s.trick_winner_so_far();
  Card best = kNoCard;
  int penalty = 0;
  for (const auto& [who, c] : trick) {
    penalty += std::max(0, -goal.sign * f.points(c));
    if (who == winner) best = c;
  }
  if (best == kNoCard) return card_action(ActionKind::Play, f.least_dangerous(legal.cards, goal.sign));
  CardSet losers, winners;
  for (Card c : legal.cards) (f.beats(c, best) ? winners : losers).add(c);
  const bool free_trick = last && penalty == 0 && goal.target < 0;  // tricks themselves cost nothing
  if (free_trick && !winners.empty()) return card_action(ActionKind::Play, f.highest_safe(winners, goal.sign));
  if (!losers.empty()) {
    // Cannot follow (or does not have to): the card it most wants to be rid of.
    const CardSet led = f.view.suit_mask[size_t(f.suit(trick.front().second))];
    const bool follows = (losers & ~led).empty();
    if (!follows) return card_action(ActionKind::Play, f.most_dangerous(losers, goal.sign));
    Card high = losers.first();
    for (Card c : losers)
      if (f.strength(c) > f.strength(high)) high = c;
    return card_action(ActionKind::Play, high);
  }
  if (last) return card_action(ActionKind::Play, f.highest_safe(winners, goal.sign));
  // Not last: the lowest winner without a penalty, which a later card may still beat.
  Card low = winners.first();
  auto key = [&](Card c) { return std::make_tuple(std::max(0, -goal.sign * f.points(c)), f.is_trump(c), f.strength(c), c); };
  for (Card c : winners)
    if (key(c) < key(low)) low = c;
  return card_action(ActionKind::Play, low);
}

Action trick_play(const GameState& s, const LegalActions& legal) {
  const Ruleset& rules = s.ruleset();
  const int seat = s.to_move();
  const CardFacts f{rules, s.trump_suit(), s.trump_view()};
  const bool points_in_deck = deck_has_points(rules);
  const SeatGoal goal = seat_goal(s, seat);
  const auto trick = s.trick();
  int active = 0;
  for (int k = 0; k < rules.seats; ++k) active += s.sits_out(k) ? 0 : 1;
  const bool last = int(trick.size()) == active - 1;
  if (goal.avoids()) return avoiding_play(s, legal, f, goal, last);
  if (trick.empty()) return card_action(ActionKind::Play, f.lowest(legal.cards));
  const int winner = s.trick_winner_so_far();
  Card best = kNoCard;
  int trick_points = 0;
  for (const auto& [who, c] : trick) {
    trick_points += f.points(c);
    if (who == winner) best = c;
  }
  const bool partner_wins = winner >= 0 && s.same_side(winner, seat);  // this deal's sides
  if (partner_wins || best == kNoCard)
    return card_action(ActionKind::Play, last && partner_wins ? f.richest(legal.cards) : f.lowest(legal.cards));
  CardSet winners;
  for (Card c : legal.cards)
    if (f.beats(c, best)) winners.add(c);
  bool worth = trick_points > 0 || goal.wants_tricks(points_in_deck);
  for (Card c : winners) worth = worth || f.points(c) > 0;
  if (!winners.empty() && worth) return card_action(ActionKind::Play, f.cheapest_winner(winners));
  return card_action(ActionKind::Play, f.lowest(legal.cards));
}

// Fishing: look one move ahead on the state itself (a copy per card) and keep
// the card after which the seat's team holds the most points.
Action fishing_play(const GameState& s, const LegalActions& legal, Rng& rng) {
  const Ruleset& rules = s.ruleset();
  const int seat = s.to_move();
  const int team = rules.team_of[size_t(seat)];
  auto team_points = [&](const GameState& g) {
    int total = 0;
    for (int k = 0; k < rules.seats; ++k)
      if (rules.team_of[size_t(k)] == team)
        for (Card c : g.captured_by(k)) total += rules.points_of(c, g.trump_suit());
    return total;
  };
  const CardFacts f{rules, s.trump_suit(), s.trump_view()};
  Card best = f.lowest(legal.cards);
  int best_gain = 0;
  for (Card c : legal.cards) {
    GameState next(s);
    next.set_sink(nullptr);
    if (!next.try_apply(card_action(legal.card_kind, c))) continue;
    // A choice of target that follows at once is made greedily as well.
    while (!next.deal_over() && next.phase() == Phase::ChooseCapture && next.to_move() == seat)
      if (!next.try_apply(greedy_action(next, rng))) break;
    const int gain = team_points(next) - team_points(s);
    if (gain > best_gain) best = c, best_gain = gain;
  }
  return card_action(legal.card_kind, best);
}

// Hand strength for an auction or a raise: the share of the deck's points the
// seat's side may expect, judged from the cards the seat holds now.
int estimated_points(const GameState& s, int seat) {
  const Ruleset& rules = s.ruleset();
  const int deck = int(rules.deck.cards.size());
  double total = 0;
  for (int c = 0; c < deck; ++c) total += rules.plain_points[size_t(c)];
  const CardSet hand = s.hand(seat);
  const int held = hand.size();
  if (held == 0 || deck == 0) return 0;
  double mine = 0;
  std::array<int, kMaxSuits> per_suit{};
  for (Card c : hand) mine += rules.plain_points[c], ++per_suit[rules.deck.cards[c].suit];
  const int longest = *std::max_element(per_suit.begin(), per_suit.end());
  const double average = total * held / deck;
  const double suits = double(rules.deck.suits.size());
  // Points above the average hand count one and a half (they are high cards
  // that also win tricks), and length in a suit (a likely trump) adds some.
  const double estimate = total / rules.teams + 1.5 * (mine - average) +
                          (longest - held / suits) * total / deck * 2.0;
  return int(estimate);
}

// A bid of tricks (a `bids` step): one for each card of the top rank and each
// of the four highest trumps held; the legal number nearest to that.
Action trick_bid(const GameState& s, const LegalActions& legal) {
  const Ruleset& rules = s.ruleset();
  const int ranks = int(rules.deck.ranks.size());
  int likely = 0;
  for (Card c : s.hand(s.to_move())) {
    const bool trump = rules.deck.cards[c].suit == s.trump_suit();
    if (rules.plain_strength[c] >= ranks - 1 || (trump && rules.plain_strength[c] >= ranks - 4)) ++likely;
  }
  Action call;
  call.kind = legal.number_kind;
  call.value = legal.number(0);
  for (int i = 0; i < legal.numbers(); ++i)
    if (std::abs(legal.number(i) - likely) < std::abs(call.value - likely)) call.value = legal.number(i);
  return call;
}

Action number_call(const GameState& s, const LegalActions& legal) {
  Action pass;
  pass.kind = ActionKind::Pass;
  Action call;
  call.kind = legal.number_kind;
  call.value = legal.number(0);
  if (!legal.can_pass) return call;
  // A raise needs a margin over the contract the side already holds.
  const int margin = legal.number_kind == ActionKind::Raise ? 2 : 0;
  return estimated_points(s, s.to_move()) >= legal.low + margin ? call : pass;
}

// Laying a card face down (a closed trump): the lowest card of the longest suit.
Action set_aside(const GameState& s, const LegalActions& legal) {
  const Ruleset& rules = s.ruleset();
  std::array<int, kMaxSuits> length{};
  for (Card c : s.hand(s.to_move())) length[rules.deck.cards[c].suit] += 8 + rules.plain_points[c];
  Card best = legal.cards.first();
  auto key = [&](Card c) {
    return std::make_tuple(-length[rules.deck.cards[c].suit], rules.plain_points[c], rules.plain_strength[c], c);
  };
  for (Card c : legal.cards)
    if (key(c) < key(best)) best = c;
  return card_action(ActionKind::SetAside, best);
}

Action take_choice(const GameState& s, const LegalActions& legal) {
  const CardFacts f{s.ruleset(), s.trump_suit(), s.trump_view()};
  return card_action(ActionKind::Take, f.richest(legal.cards));
}

}  // namespace

// A trump auction of rounds: take a suit held three times or more (the
// turn-up's when accepting; the longest when naming), else pass.
Action trump_call(const GameState& s, const LegalActions& legal) {
  const Ruleset& rules = s.ruleset();
  std::array<int, kMaxSuits> length{};
  for (Card c : s.hand(s.to_move())) ++length[rules.deck.cards[c].suit];
  Action call;
  call.kind = ActionKind::Pass;
  if (legal.can_accept && s.turn_up() != kNoCard && length[rules.deck.cards[s.turn_up()].suit] >= 3)
    call.kind = ActionKind::Accept;
  int best = 2;
  for (int suit = 0; suit < int(rules.deck.suits.size()); ++suit)
    if (((legal.suits >> suit) & 1) && length[size_t(suit)] > best) {
      best = length[size_t(suit)];
      call.kind = ActionKind::Name;
      call.value = int16_t(suit);
    }
  // Made to choose (the last speaker may not pass): the longest suit it may name.
  for (int suit = 0, most = -1; call.kind == ActionKind::Pass && !legal.can_pass && suit < int(rules.deck.suits.size()); ++suit)
    if (((legal.suits >> suit) & 1) && length[size_t(suit)] > most) most = length[size_t(suit)], call.value = int16_t(suit);
  if (call.kind == ActionKind::Pass && !legal.can_pass) call.kind = legal.can_accept ? ActionKind::Accept : ActionKind::Name;
  return call;
}

Action greedy_action(const GameState& s, Rng& rng) {
  const LegalActions& legal = s.legal();
  // Plain numbers (bids of tricks, an auction of the engine's bids, a raise):
  // the bot's own estimate of its hand's points or tricks, whichever step asks.
  if (legal.numbers() > 0) return s.question().tag == "bids" ? trick_bid(s, legal) : number_call(s, legal);
  // A registered step kind may say what a simple player answers (an auction of calls).
  if (const DealStep* step = s.waiting_step();
      step && step->kind == DealStep::Kind::Registered && step->registered->simple_answer)
    return step->registered->simple_answer(s, *step, legal);
  if (legal.can_accept || legal.suits) return trump_call(s, legal);
  if (legal.can_declare) return Action{ActionKind::Meld, kNoCard, 0, 0};
  // fishing.builds: no capture to make, a build to make: the highest value (the most cards kept safe).
  if (legal.cards.empty() && legal.build_values)
    return Action{ActionKind::Build, kNoCard, 0, int16_t(31 - std::countl_zero(legal.build_values))};
  if (!legal.cards.empty()) {
    switch (legal.card_kind) {
      case ActionKind::SetAside: return set_aside(s, legal);
      case ActionKind::Take: return take_choice(s, legal);
      case ActionKind::Play:
        return s.ruleset().family == Family::Fishing ? fishing_play(s, legal, rng) : trick_play(s, legal);
      default: {
        // Cards chosen to pass or show: the ones least worth keeping. A seat
        // that avoids points passes on its most dangerous cards instead: the
        // penalties and the high cards that would take them.
        const CardFacts f{s.ruleset(), s.trump_suit(), s.trump_view()};
        const SeatGoal goal = seat_goal(s, s.to_move());
        const DealStep* step = s.waiting_step();
        if (goal.sign < 0 && step && step->then == DealStep::Then::Pass)
          return card_action(legal.card_kind, f.most_dangerous(legal.cards, goal.sign));
        return card_action(legal.card_kind, f.lowest(legal.cards));
      }
    }
  }
  if (legal.can_pass) {
    Action pass;
    pass.kind = ActionKind::Pass;
    return pass;
  }
  return legal.at(0);
}

bool GreedyPlayer::choose(const SeatView& view, const LegalActions& legal, Action* out) {
  if (legal.count() == 1) {
    *out = legal.at(0);
    return true;
  }
  const GameState world = view.sample_world(rng_);
  *out = greedy_action(world, rng_);
  if (!legal.contains(*out)) *out = legal.at(0);  // the world and the table agree; a guard only
  return true;
}

}  // namespace hukum
