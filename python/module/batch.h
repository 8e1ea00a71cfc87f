// Many states of one game stepped together in C++ (the Python module's
// BatchEnv): one call applies one action in each, so the cost of crossing
// from Python is paid once per step of the whole batch, not per game. A
// finished state starts again at once with the next seed, and the step
// reports which ones finished and their returns.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/rng.h"
#include "game.h"
#include "session/matches/match.h"

namespace hukum::python {

class Batch {
 public:
  Batch(std::shared_ptr<const Game> game, int size, uint64_t seed);
  int size() const { return int(matches_.size()); }
  const Game& game() const { return *game_; }

  void current_seats(int32_t* out) const;                 // [size]
  void legal_mask(uint8_t* out) const;                   // [size][actions]
  void observations(float* out) const;                   // [size][tensor]: each deciding seat's
  // Applies actions[i] (an action id) in state i; throws std::invalid_argument
  // naming the state and the id when one is not legal (states before it have moved).
  // done[i] = 1 when state i finished its match; returns[i][seat] its returns then (0 otherwise).
  void step(const int32_t* actions, uint8_t* done, double* returns);
  // The same with a uniformly random legal action in each state (the engine's random player).
  void step_random(uint8_t* done, double* returns);
  int64_t matches_finished() const { return matches_finished_; }
  int64_t deals_finished() const { return deals_finished_; }

 private:
  std::shared_ptr<const Game> game_;
  std::vector<std::unique_ptr<Match>> matches_;
  uint64_t seed_, next_seed_;
  Rng rng_;
  int64_t matches_finished_ = 0, deals_finished_ = 0;
  void start(size_t i);
  // Past deal ends; on the match's end fills done/returns and starts the next.
  void advance(size_t i, uint8_t* done, double* returns);
};

}  // namespace hukum::python
