// A seat's goal (see goal.h).
#include "session/bots/goal.h"

namespace hukum {

int points_sign(const Ruleset& rules) { return rules.match.lowest_wins ? -1 : 1; }

SeatGoal seat_goal(const GameState& s, int seat) {
  const Ruleset& rules = s.ruleset();
  SeatGoal g;
  g.sign = points_sign(rules);
  // A `bids` step's bids are exact (docs/ruleset-format.md): the side wants
  // the sum of its seats' bids, no more and no fewer. Before every seat of
  // the side has bid there is no target yet.
  int bid = 0, taken = 0;
  bool any = false, all = true;
  for (int k = 0; k < rules.seats; ++k) {
    if (!s.same_side(k, seat) || s.sits_out(k)) continue;
    taken += s.tricks_won_by_seat(k);
    const int b = s.bid_of(k);
    if (b >= 0) bid += b, any = true;
    else all = false;
  }
  g.taken = taken;
  if (any && all) g.target = bid;
  return g;
}

}  // namespace hukum
