// Perfect-information Monte Carlo (`pimc[:N]`): N worlds are sampled from the
// seat's view (SeatView::sample_world); in each, every legal action is played
// and the deal finished by greedy playouts; the action with the best mean
// reward for the seat's team (deal_value.h) is chosen. Deterministic for a seed.
#pragma once

#include "core/rng.h"
#include "session/bots/playout.h"
#include "session/matches/players.h"

namespace hukum {

class PimcPlayer final : public Player {
 public:
  static constexpr int kDefaultWorlds = 16;
  PimcPlayer(uint64_t seed, int worlds, PlayoutPolicy policy = PlayoutPolicy::Greedy)
      : rng_(seed), worlds_(worlds), policy_(policy) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override;

 private:
  Rng rng_;
  int worlds_;
  PlayoutPolicy policy_;
};

}  // namespace hukum
