// Calls before the play after an auction: the one raise of the contract by the
// bidding side, and the bidder's optional declaration (a contract to take
// every trick, with the partner sitting out). All numbers come from the
// ruleset. The auction itself, numeric or of named calls, is the calls row
// (engine/steps/calls.cc).
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

// The bidding side's seats are offered the raise in turn from raise.first (the
// dealer's next by default) on.
void GameState::begin_raise() {
  raise_candidates_ = 0;
  for (int s = 0; s < rules_.seats; ++s)
    if (rules_.team_of[size_t(s)] == rules_.team_of[size_t(bidder_)]) raise_candidates_ |= int(bit(s));
  phase_ = Phase::Question;
  to_move_ = seat_ref(rules_.raise.first);
  while (!(raise_candidates_ & int(bit(to_move_)))) to_move_ = next_seat(to_move_);
  if (sink_) sink_->call_round(CallRound::Raise, bidder_, contract_);
  update_legal();
}

void GameState::begin_declare() {
  phase_ = Phase::Question;
  to_move_ = bidder_;
  if (sink_) sink_->call_round(CallRound::Declaration, bidder_, contract_);
  update_legal();
}

void GameState::legal_raise(LegalActions* out) const {
  out->number_kind = ActionKind::Raise;
  out->low = int16_t(std::max(contract_ + 1, rules_.raise.min));
  out->high = int16_t(rules_.raise.max);
  out->can_pass = true;
}

void GameState::legal_declare(LegalActions* out) const {
  out->words.push_back(uint8_t(rules_.declaration_word));
  out->can_pass = true;
}

bool GameState::apply_raise(const Action& action) {
  hook_actions_in_row_ = 0;
  const int seat = to_move_;
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
}

bool GameState::apply_declare(const Action& action) {
  hook_actions_in_row_ = 0;
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
}

}  // namespace hukum
