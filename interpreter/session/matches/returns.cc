#include "session/matches/returns.h"

#include <algorithm>

namespace hukum {

std::vector<double> seat_returns(const Ruleset& rules, const std::vector<int>& team_points) {
  const size_t teams = std::min(team_points.size(), rules.team_names.size());
  double all = 0;
  for (size_t t = 0; t < teams; ++t) all += team_points[t];
  std::vector<double> out;
  for (int s = 0; s < rules.seats; ++s) {
    const size_t mine = rules.team_of[size_t(s)];
    const double own = mine < teams ? team_points[mine] : 0;
    const double value = own - (teams > 1 ? (all - own) / double(teams - 1) : 0);
    const double signed_value = rules.match.lowest_wins ? -value : value;
    out.push_back(signed_value == 0 ? 0.0 : signed_value);  // no -0.0
  }
  return out;
}

std::vector<bool> deal_winners(const Ruleset& rules, const DealResult& result) {
  std::vector<bool> won(size_t(rules.seats), false);
  if (!result.drawn()) {
    for (int s = 0; s < rules.seats; ++s) won[size_t(s)] = result.won_by(int(rules.team_of[size_t(s)]));
    return won;
  }
  const std::vector<double> r = seat_returns(rules, result.game_points);
  const auto [low, high] = std::minmax_element(r.begin(), r.end());
  if (r.empty() || *low == *high) return won;
  for (size_t s = 0; s < r.size(); ++s) won[s] = r[s] == *high;
  return won;
}

}  // namespace hukum
