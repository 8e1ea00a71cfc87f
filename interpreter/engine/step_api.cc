// What a step kind of its own file may do to the state (state.h, "What a step
// kind of its own file may do"): every card it moves goes through transfer, so
// the log, the conformance tests and the invariants see it like any other move.
#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

CardSet GameState::take_from_stock(int count, Place to) { return draw(count, to); }

void GameState::discard_face_down(int seat, CardSet cards) {
  transfer(cards, hand_place(seat), face_down_place(seat));
  discarded_ += cards.size();
}

void GameState::lay_face_down(int seat, CardSet cards) { transfer(cards, hand_place(seat), face_down_place(seat)); }

void GameState::count_face_down(int seat, CardSet cards) {
  transfer(cards & hidden_[size_t(seat)], face_down_place(seat), won_place(seat));
}

// As the deal ends, before it is scored: each registered step's deal_end.
void GameState::finish_registered_steps() {
  for (const DealStep& step : rules_.deal)
    if (step.kind == DealStep::Kind::Registered && step.registered->run.deal_end) step.registered->run.deal_end(*this, step);
}

}  // namespace hukum
