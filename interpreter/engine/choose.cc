// The `choose` deal step: every seat chooses cards at the same time (bid cards
// laid face down, cards to pass). The engine asks the seats one after another,
// from the dealer's next seat, but each choice goes face down into the seat's
// hidden zone, which only its owner sees, so no seat learns another's choice
// before the step resolves: then every choice is turned up (reveal) or handed
// on (pass). game.chosen(seat) keeps what each seat chose for the hooks.
// With `seat`, that one seat alone chooses: a pass from one player to another
// (to a seat of the table, `pass_to: [bidder]`), as partners pass cards.
#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

int GameState::pass_offset(const DealStep& step) const {
  if (step.then != DealStep::Then::Pass || step.pass_to.empty()) return 0;
  return step.pass_to[size_t(deal_index_) % step.pass_to.size()];
}

// This deal's entry of pass_to: a number of seats on from the giver, or a
// seat of the table (a negative entry); -1 when the seat is named from a
// bidder and nobody won the bidding.
static int pass_target(const GameState& g, int entry, int giver) {
  if (entry >= 0) {
    int to = giver;
    for (int k = 0; k < entry; ++k) to = g.next_seat(to);
    return to;
  }
  const SeatRef seat = SeatRef(-1 - entry);
  return is_bidder_ref(seat) && g.bidder() < 0 ? -1 : g.seat_named(seat);
}

bool GameState::begin_choose(const DealStep& step) {
  if (choosers_left_ != 0 || choose_left_ != 0) return false;  // a choice under way is not begun again
  if (step.then == DealStep::Then::Pass && pass_offset(step) == 0) return false;  // a "no pass" deal
  // One seat chooses (a pass from one player to another): a seat named from
  // the bidder, or a pass to one, waits for a bidder; without one, no step.
  const bool no_bidder = bidder_ < 0;
  if (step.one_seat && is_bidder_ref(step.seat) && no_bidder) return false;
  if (step.then == DealStep::Then::Pass && pass_offset(step) < 0 && pass_target(*this, pass_offset(step), 0) < 0)
    return false;
  chosen_.fill(CardSet());
  phase_ = Phase::Question;
  to_move_ = step.one_seat ? seat_ref(step.seat) : seat_ref(SeatRef::DealerNext);
  choose_left_ = step.count;
  choosers_left_ = step.one_seat ? 0 : rules_.seats - 1;
  update_legal();
  return true;
}

bool GameState::apply_choose(Card card) {
  const int seat = to_move_;
  transfer(CardSet::of(card), hand_place(seat), face_down_place(seat));
  chosen_[size_t(seat)].add(card);
  if (--choose_left_ > 0) {
    update_legal();
    return true;
  }
  const DealStep& step = rules_.deal[plan_pos_];
  if (choosers_left_ > 0) {
    --choosers_left_;
    choose_left_ = step.count;
    to_move_ = next_seat(seat);
    update_legal();
    return true;
  }
  resolve_choose(step);
  return advance_plan() && run_deal_plan();
}

void GameState::resolve_choose(const DealStep& step) {
  // The seats that chose: every seat, or the one seat of the step (the
  // others' face-down cards, if any, are not part of it).
  const int only = step.one_seat ? seat_ref(step.seat) : -1;
  if (step.then == DealStep::Then::Reveal) {
    for (int s = 0; s < rules_.seats; ++s) {
      if (only >= 0 && s != only) continue;
      const CardSet cards = hidden_[size_t(s)];
      revealed_ |= cards;  // known to everyone from now on
      if (sink_) sink_->cards_revealed(s, cards);
      if (!cards.empty()) transfer(cards, face_down_place(s), hand_place(s));
    }
    return;
  }
  const int entry = pass_offset(step);
  // A receiver that passes on again: a seat that passed to it no longer knows
  // where its cards are (the receiver may pass them on), so it forgets them.
  for (int o = 0; o < rules_.seats; ++o)
    if (passed_to_[size_t(o)] >= 0 && !hidden_[size_t(passed_to_[size_t(o)])].empty())
      passed_cards_[size_t(o)] = CardSet(), passed_to_[size_t(o)] = -1;
  for (int s = 0; s < rules_.seats; ++s) {
    if (only >= 0 && s != only) continue;
    int to = pass_target(*this, entry, s);
    if (to < 0) to = s;  // (begin_choose skips a pass to a bidder nobody is)
    const CardSet cards = hidden_[size_t(s)];
    if (!cards.empty() && to != s) passed_cards_[size_t(s)] = cards, passed_to_[size_t(s)] = int8_t(to);
    if (sink_) sink_->cards_passed(s, to, cards);
    if (!cards.empty()) transfer(cards, face_down_place(s), hand_place(to));
  }
}

}  // namespace hukum
