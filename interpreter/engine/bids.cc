// The `bids` deal step: every seat in turn, from the dealer's next seat, bids
// once how many tricks it will take (0 or more, up to the tricks of the deal).
// Bids are public. The rule that the last bidder may not make the bids add up
// to the tricks (so that someone must fail) is a hole in the legal numbers.
// What a bid is worth is the ruleset's scoring (Lua reads game.bid(seat)).
#include "engine/state.h"

namespace hukum {

void GameState::begin_bids() {
  phase_ = Phase::Question;
  to_move_ = seat_ref(SeatRef::DealerNext);
  bids_left_ = active_seats_ - 1;
  update_legal();
}

void GameState::legal_bids(LegalActions* out) const {
  // Every seat holds the same number of cards when the bids begin: one trick each.
  const int tricks = hand_[size_t(to_move_)].size();
  out->number_kind = ActionKind::Bid;
  out->low = int16_t(rules_.bids.min);
  out->high = int16_t(tricks);
  if (bids_left_ == 0 && rules_.bids.total_not_tricks) {
    int total = 0;
    for (int s = 0; s < rules_.seats; ++s) total += std::max(0, int(bids_[size_t(s)]));
    out->hole = int16_t(tricks - total);
  }
}

bool GameState::apply_bid(int value) {
  bids_[size_t(to_move_)] = int8_t(value);
  if (bids_left_ > 0) {
    --bids_left_;
    to_move_ = next_seat(to_move_);
    update_legal();
    return true;
  }
  return advance_plan() && run_deal_plan();
}

}  // namespace hukum
