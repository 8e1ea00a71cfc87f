// The deal step `take_turn_up`: a seat (usually the dealer) takes the card
// turned up on the table into its hand and discards as many cards face down,
// each a decision ("discard 9C"). The discards go to the seat's hidden zone:
// its owner sees them, every other seat sees only how many, and they stay out
// of the play to the end of the deal. When the turn-up's suit was not
// accepted (another suit was named) the card is turned down instead: it is
// set aside unplayed. A seat that sits out this deal takes nothing.
#include "engine/state.h"

namespace hukum {

bool GameState::begin_take_turn_up(const DealStep& step) {
  if (turn_up_ == kNoCard) return false;
  const int seat = seat_ref(step.seat);
  if ((step.only_if_accepted && !turn_up_accepted_) || sits_out(seat)) {
    out_of_play_.add(turn_up_);  // turned down: nobody plays it this deal
    turn_up_ = kNoCard;
    return false;
  }
  // Not marked revealed: once the seat may discard it, where it lies is the
  // seat's secret, so bots sampling the unseen cards treat it as unseen.
  hand_[size_t(seat)].add(turn_up_);
  turn_up_ = kNoCard;
  discard_left_ = std::min(step.count, hand_[size_t(seat)].size());
  if (discard_left_ == 0) return false;
  phase_ = Phase::Discard;
  to_move_ = seat;
  update_legal();
  return true;
}

bool GameState::apply_discard(Card card) {
  hook_actions_in_row_ = 0;
  hand_[size_t(to_move_)].remove(card);
  hidden_[size_t(to_move_)].add(card);
  ++discarded_;
  if (--discard_left_ > 0) {
    update_legal();
    return true;
  }
  return advance_plan() && run_deal_plan();
}

}  // namespace hukum
