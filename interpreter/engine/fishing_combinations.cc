// fishing.combinations at the end of a fishing turn: when the turn raised the
// mover's side's combination points, the combination_scored hook runs. It may
// ask a seat a question (stop the deal or go on) with game.ask, whose answer
// then finishes the turn, or end the deal with game.end_deal. Without the
// hook, or without combinations, a turn's end costs nothing here.
#include "engine/combinations.h"
#include "engine/state.h"

namespace hukum {

int GameState::combination_total(int team) const {
  CardSet taken;
  for (int s = 0; s < rules_.seats; ++s)
    if (rules_.team_of[size_t(s)] == team) taken |= captured_[size_t(s)];
  return combination_points(rules_.fishing, taken);
}

bool GameState::check_combinations(bool* waits) {
  *waits = false;
  const int seat = to_move_;
  const int team = rules_.team_of[size_t(seat)];
  const int now = combination_total(team);
  const int before = combination_points_[size_t(team)];
  combination_points_[size_t(team)] = now;
  if (now <= before || !combination_hook_) return true;
  HookArgs args;
  args.seat = seat;
  leader_ = seat;  // whose turn this was: an answer finishes it (apply_hook_action)
  in_turn_end_ = true;
  const bool ok = run_event(HookPoint::CombinationScored, args);
  in_turn_end_ = false;
  if (!ok) return false;
  if (end_requested_) return stop_fishing_deal();
  if (asked_seat_ >= 0) {
    *waits = true;
    update_legal();
  }
  return true;
}

}  // namespace hukum
