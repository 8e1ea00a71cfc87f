// Calls before the play: the sequential auction (bids, passes, re-entry, the
// partner-overcall floor), the one raise of the contract by the bidding side,
// and the bidder's optional declaration (a contract to take every trick, with
// the partner sitting out). All numbers come from the ruleset.
#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

static uint32_t bit(int seat) { return uint32_t(1) << seat; }

// The next seat in this deal's direction that still plays (declarations can
// make partners sit out).
void GameState::compute_next_table() {
  active_seats_ = 0;
  for (int s = 0; s < rules_.seats; ++s) {
    if (!sits_out(s)) ++active_seats_;
    int n = (s + step_ + rules_.seats) % rules_.seats;
    while (sits_out(n) && n != s) n = (n + step_ + rules_.seats) % rules_.seats;
    next_[size_t(s)] = int8_t(n);
  }
}

void GameState::begin_auction() {
  phase_ = Phase::Auction;
  high_bid_ = 0;
  high_bidder_ = -1;
  passes_in_row_ = 0;
  calls_ = 0;
  passed_ = 0;
  to_move_ = seat_ref(rules_.auction.opener);
  update_legal();
}

// The bidding side's seats are offered the raise in turn from raise.first (the
// dealer's next by default) on.
void GameState::begin_raise() {
  raise_candidates_ = 0;
  for (int s = 0; s < rules_.seats; ++s)
    if (rules_.team_of[size_t(s)] == rules_.team_of[size_t(bidder_)]) raise_candidates_ |= int(bit(s));
  phase_ = Phase::Raise;
  to_move_ = seat_ref(rules_.raise.first);
  while (!(raise_candidates_ & int(bit(to_move_)))) to_move_ = next_seat(to_move_);
  if (sink_) sink_->call_round(CallRound::Raise, bidder_, contract_);
  update_legal();
}

void GameState::begin_declare() {
  phase_ = Phase::Declare;
  to_move_ = bidder_;
  if (sink_) sink_->call_round(CallRound::Declaration, bidder_, contract_);
  update_legal();
}

void GameState::legal_calls(LegalActions* out) const {
  switch (phase_) {
    case Phase::Auction: {
      const AuctionRules& a = rules_.auction;
      int floor = high_bidder_ >= 0 ? high_bid_ + 1 : a.min_bid;  // a bid of 0 is a bid too
      // Overcalling one's own partner's standing bid needs a higher floor.
      if (high_bidder_ >= 0 && high_bidder_ != to_move_ &&
          rules_.team_of[size_t(high_bidder_)] == rules_.team_of[size_t(to_move_)])
        floor = std::max(floor, a.partner_overcall_min);
      out->number_kind = ActionKind::Bid;
      out->low = int16_t(floor);
      out->high = int16_t(a.max_bid);
      out->can_pass = !(a.opener_must_bid && calls_ == 0);
      return;
    }
    case Phase::Raise:
      out->number_kind = ActionKind::Raise;
      out->low = int16_t(std::max(contract_ + 1, rules_.raise.min));
      out->high = int16_t(rules_.raise.max);
      out->can_pass = true;
      return;
    case Phase::Declare:
      out->words.push_back(uint8_t(rules_.declaration_word));
      out->can_pass = true;
      return;
    default:
      return;
  }
}

void GameState::end_auction() {
  set_bidder(high_bidder_);
  contract_ = high_bid_;
}

bool GameState::apply_call(const Action& action) {
  hook_actions_in_row_ = 0;
  const int seat = to_move_;
  switch (phase_) {
    case Phase::Auction: {
      const AuctionRules& a = rules_.auction;
      ++calls_;
      if (action.kind == ActionKind::Bid) {
        high_bid_ = action.value;
        high_bidder_ = seat;
        passes_in_row_ = 0;
      } else {
        ++passes_in_row_;
        passed_ |= bit(seat);
      }
      if (high_bidder_ < 0 && passes_in_row_ >= rules_.seats) {
        // Nobody bid: the deal is thrown in, its cards unplayed.
        for (int s = 0; s < rules_.seats; ++s) set_aside_held(s);
        result_.ended_early = true;
        score_deal();
        return error_.empty();
      }
      // Without re-entry a seat that passed is out of the auction for good.
      uint32_t still_in = 0;
      for (int s = 0; s < rules_.seats; ++s)
        if (a.reentry || !(passed_ & bit(s)) || s == high_bidder_) still_in |= bit(s);
      const int needed = a.passes_to_end > 0 ? a.passes_to_end : rules_.seats - 1;
      bool over = high_bidder_ >= 0 && passes_in_row_ >= needed;
      if (!a.reentry && high_bidder_ >= 0 && still_in == bit(high_bidder_)) over = true;
      if (over) {
        end_auction();
        return advance_plan() && run_deal_plan();
      }
      int next = next_seat(seat);
      while (!(still_in & bit(next))) next = next_seat(next);
      to_move_ = next;
      update_legal();
      return true;
    }
    case Phase::Raise:
      raise_candidates_ &= ~int(bit(seat));
      if (action.kind == ActionKind::Raise) {
        contract_ = action.value;
        raise_candidates_ = 0;  // one raise per deal
      }
      if (raise_candidates_) {
        int next = next_seat(seat);
        while (!(raise_candidates_ & int(bit(next)))) next = next_seat(next);
        to_move_ = next;
        update_legal();
        return true;
      }
      return advance_plan() && run_deal_plan();
    case Phase::Declare:
      if (action.kind == ActionKind::Extra) {
        declared_ = true;
        if (rules_.declaration.partner_sits_out) {
          for (int s = 0; s < rules_.seats; ++s) {
            if (s == bidder_ || rules_.team_of[size_t(s)] != rules_.team_of[size_t(bidder_)]) continue;
            sitting_out_ |= bit(s);
            set_aside_held(s);
          }
          compute_next_table();
        }
      }
      return advance_plan() && run_deal_plan();
    default:
      error_ = "no call is expected now";
      return false;
  }
}

}  // namespace hukum
