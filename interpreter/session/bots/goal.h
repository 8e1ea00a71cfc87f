// What a seat plays for in the cards it takes, read from the ruleset and the
// deal, never from a game's name: whether card points taken help its side
// or count against it, and whether its side wants an exact number of tricks.
// greedy (and so pimc's playouts and every bot's card passes) plays by it;
// deal_value.cc judges finished deals by the same sign, so a bot's rule of
// thumb and its search agree on what a good deal is.
#pragma once

#include "engine/state.h"
#include "ruleset/ruleset.h"

namespace hukum {

// +1 when card points (and, in a deck without points, tricks) taken raise a
// side's standing, -1 when they are penalties. The ruleset says it by the way
// its match is won: where the lowest total wins (`match.winner: lowest`), what
// a side takes is what it is scored against. A card's own points may also be
// negative; value_of multiplies the two.
int points_sign(const Ruleset& rules);

struct SeatGoal {
  int sign = 1;      // points_sign: +1 gain points, -1 avoid them
  int target = -1;   // the tricks its side bid exactly (a `bids` step), -1: no exact target
  int taken = 0;     // tricks its side has taken so far this deal
  // Whether one more trick is welcome as such (points aside): below an exact
  // target yes, at or over it no; without a target, when tricks are all a
  // side can score (no card carries points) and more is better.
  bool wants_tricks(bool deck_has_points) const {
    if (target >= 0) return taken < target;
    return sign > 0 && !deck_has_points;
  }
  // Whether the seat avoids taking tricks or points: the opposite play
  // (duck under the winner, throw the most dangerous card).
  bool avoids() const {
    if (target >= 0) return taken >= target;
    return sign < 0;
  }
};

// The goal of `seat` (its side's) in the state's deal now.
SeatGoal seat_goal(const GameState& s, int seat);

}  // namespace hukum
