// A redeal asked for by a hook (game.redeal): once a deal step is done, when
// a condition holds that the rules call a misdeal (a hand of only number
// cards, say), every card goes back, the deal's own generator shuffles the
// whole pack again and the deal plan starts over; the deal number does not
// change and the log says `redeal` with the reason. Asked for only in
// step_done, so at most the plan's own steps have run.
#include "engine/state.h"

namespace hukum {

namespace {
constexpr int kMaxHookRedeals = 1000;  // a condition that always holds would loop
}  // namespace

std::string GameState::redeal(const std::string& reason) {
  if (!in_step_done_) return "a redeal can only be asked for in step_done";
  if (reason.empty()) return "a redeal needs a reason";
  redeal_reason_ = reason;
  return {};
}

// Called after step_done: starts the plan over when the hook asked for it.
bool GameState::redeal_if_asked() {
  if (redeal_reason_.empty()) return true;
  if (++redeals_ > kMaxHookRedeals) {
    error_ = "the deal was thrown in " + std::to_string(kMaxHookRedeals) + " times in a row (" + redeal_reason_ + ")";
    return false;
  }
  if (sink_) sink_->redealt(redeal_reason_);
  redeal_reason_.clear();
  // Every zone, the turn-up, bids, hook state and scores as the deal started;
  // the count of redeals (outside DealState) goes on.
  clear_deal();
  for (int i = 0; i < stock_size_; ++i) stock_[size_t(i)] = Card(i);  // every card back, as a fresh pack
  rng_.shuffle(stock_.data(), uint32_t(stock_size_));
  stock_top_ = 0;
  plan_pos_ = 0;
  return true;
}

}  // namespace hukum
