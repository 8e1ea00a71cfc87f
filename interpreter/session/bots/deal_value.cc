// The reward of a finished deal for a team (see deal_value.h). The weights
// put a won deal first: neither the share of the points nor the margin alone
// outweighs a win.
#include "session/bots/deal_value.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>

#include "core/rng.h"
#include "session/bots/goal.h"
#include "session/bots/playout.h"

namespace hukum {

double game_point_margin(const Ruleset& rules, const DealResult& r, int team) {
  const size_t t = size_t(team);
  double margin = 0;
  for (int other = 0; other < rules.teams; ++other)
    if (other != team && size_t(other) < r.game_points.size() && t < r.game_points.size())
      margin += r.game_points[t] - r.game_points[size_t(other)];
  return margin;
}

double deal_reward(const Ruleset& rules, const DealResult& r, int team, double margin_scale) {
  const size_t t = size_t(team);
  const double win = r.won_by(team) ? 1.0 : r.drawn() ? 0.5 : 0.0;
  auto share_of = [t](const std::vector<int>& per_team) {
    double total = 0;
    for (int v : per_team) total += std::max(v, 0);
    return t < per_team.size() && total > 0 ? std::max(per_team[t], 0) / total : -1.0;
  };
  double share = share_of(r.points);
  if (share < 0) share = share_of(r.tricks);
  if (share < 0) share = 0.5;
  double margin = game_point_margin(rules, r, team);
  // Where points are penalties (goal.h: the lowest total wins the match),
  // fewer points and game points are better.
  if (points_sign(rules) < 0) share = 1.0 - share, margin = -margin;
  const double margin01 = 0.5 + 0.5 * std::tanh(margin / std::max(margin_scale, 1.0));
  // The margin weighs almost as much as the win: it is what a failed
  // contract costs beyond the lost deal (a contract game takes more for a
  // failure than it gives for a success). The share only breaks ties between
  // deals alike in both; weighed more, it made bots buy contracts for the
  // trump's extra card points and fail them.
  return 0.5 * win + 0.1 * share + 0.4 * margin01;
}

double measure_margin_scale(const Ruleset& rules, HookRunner* hooks) {
  GameState fresh(rules, hooks);
  double sum = 0;
  long count = 0;
  for (int k = 0; k < kMarginScaleDeals; ++k) {
    GameState world(fresh);
    Rng rng(Rng::derive(0x5CA1E, uint64_t(k)));
    if (!world.start_deal(k % rules.seats, k, rng).empty()) continue;
    if (!play_out(world, PlayoutPolicy::RandomPlayGreedyCalls, rng)) continue;
    for (int t = 0; t < rules.teams; ++t) sum += std::abs(game_point_margin(rules, world.result(), t)), ++count;
  }
  return count > 0 ? std::max(1.0, sum / double(count)) : 1.0;
}

double margin_scale(const Ruleset& rules, HookRunner* hooks) {
  static std::mutex mutex;
  static std::map<std::string, double> by_ruleset;
  const std::string key = rules.file + '\n' + rules.content_hash;
  {
    std::lock_guard lock(mutex);
    if (auto it = by_ruleset.find(key); it != by_ruleset.end()) return it->second;
  }
  // Measured outside the lock: two threads may both measure, and agree.
  const double scale = measure_margin_scale(rules, hooks);
  std::lock_guard lock(mutex);
  return by_ruleset.emplace(key, scale).first->second;
}

}  // namespace hukum
