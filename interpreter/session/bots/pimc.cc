// PIMC (see pimc.h). Each action is scored in the same worlds, so the
// comparison between actions is paired and its noise small.
#include "session/bots/pimc.h"

#include <vector>

#include "session/bots/deal_value.h"

namespace hukum {

bool PimcPlayer::choose(const SeatView& view, const LegalActions& legal, Action* out) {
  const int n = legal.count();
  if (n == 1) {
    *out = legal.at(0);
    return true;
  }
  const std::vector<Action> actions = legal.list();
  const int team = view.rules().team_of[size_t(view.seat())];
  std::vector<double> total(actions.size(), 0.0);
  const double scale = margin_scale(view.rules(), view.hook_runner());
  for (int w = 0; w < worlds_; ++w) {
    const GameState world = view.sample_world(rng_);
    for (size_t k = 0; k < actions.size(); ++k) {
      GameState line(world);
      const bool ok = line.try_apply(actions[k]) && play_out(line, policy_, rng_);
      total[k] += team_rewards(line, ok, scale)[size_t(team)];
    }
  }
  size_t best = 0;
  for (size_t k = 1; k < actions.size(); ++k)
    if (total[k] > total[best]) best = k;
  *out = actions[best];
  return true;
}

}  // namespace hukum
