// The greedy policy: a cheap rule of thumb derived from the ruleset's data
// (rank orders, card points, trump), written for no game in particular. It is
// an easy opponent (`--seats greedy`) and the playout policy of the searching
// bots. In a trick it wins with the lowest winning card when the trick is
// worth taking, else throws its lowest card; a seat that avoids taking
// (penalty points, or its exact bid made: goal.h) ducks and throws its most
// dangerous cards instead, and passes them on; in an auction it bids the lowest
// legal bid only when a hand-strength estimate from card points reaches it.
#pragma once

#include "core/rng.h"
#include "engine/state.h"
#include "session/matches/players.h"

namespace hukum {

// The greedy choice of the seat to move in `state`. Reads only what that seat
// may know (its own cards, the table, the auction): given a world from
// SeatView::sample_world, it is an honest player.
Action greedy_action(const GameState& state, Rng& rng);

class GreedyPlayer final : public Player {
 public:
  explicit GreedyPlayer(uint64_t seed) : rng_(seed) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override;

 private:
  Rng rng_;
};

}  // namespace hukum
