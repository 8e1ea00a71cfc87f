// The deal step `take_turn_up`: a seat (usually the dealer) takes the card
// turned up on the table into its hand and discards as many cards face down,
// each a decision ("discard 9C"). The discards go to the seat's hidden zone:
// its owner sees them, every other seat sees only how many, and they stay out
// of the play to the end of the deal; the others know only that the seat has
// the turn-up in its hand or among its discards. When the turn-up's suit was not
// accepted (another suit was named) the card is turned down instead: it is
// set aside unplayed. A seat that sits out this deal takes nothing.
#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

bool GameState::begin_take_turn_up(const DealStep& step) {
  if (turn_up_ == kNoCard) return false;
  const int seat = seat_ref(step.seat);
  // The bidder's seat when nobody won the bidding (a Lua auction all passed): nobody takes it.
  const bool no_bidder = bidder_ < 0 && is_bidder_ref(step.seat);
  if ((step.only_if_accepted && !turn_up_accepted_) || no_bidder || sits_out(seat)) {
    transfer(turn_up_zone(), kTurnUpPlace, kOutPlace);  // turned down: nobody plays it this deal
    return false;
  }
  // Not marked revealed (a card shown in the hand): once the seat may discard
  // it, whether it is in the hand or face down is the seat's secret. Everyone
  // knows the seat has it somewhere (known_held_, for determinize.cc).
  known_held_[size_t(seat)].add(turn_up_);
  transfer(turn_up_zone(), kTurnUpPlace, hand_place(seat));
  discard_left_ = std::min(step.count, hand_[size_t(seat)].size());
  if (discard_left_ == 0) return false;
  phase_ = Phase::Question;
  to_move_ = seat;
  update_legal();
  return true;
}

bool GameState::apply_discard(Card card) {
  hook_actions_in_row_ = 0;
  transfer(CardSet::of(card), hand_place(to_move_), face_down_place(to_move_));
  ++discarded_;
  if (--discard_left_ > 0) {
    update_legal();
    return true;
  }
  return advance_plan() && run_deal_plan();
}

}  // namespace hukum
