// The end of a fishing deal: every seat scores its captured cards from the
// points table (Ruleset::plain_points, compiled from fishing.scoring), plus
// the bonus transfers settled now; the threshold flags; the deal's winner (the
// single highest score, else a draw); the next dealer, including the
// lowest-match-score rule, which reads the match scores the Match lends us.
#include "engine/state.h"

namespace hukum {

// The seat with the lowest match score after this deal; ties go to the first
// tied seat in the direction of play, starting after the dealer.
int GameState::lowest_score_seat(const std::vector<int>& deal_points) const {
  int best = -1, best_score = 0;
  for (int k = 0, s = next_seat(dealer_); k < rules_.seats; ++k, s = next_seat(s)) {
    const int team = rules_.team_of[size_t(s)];
    int score = deal_points[size_t(team)];
    if (match_scores_ && size_t(team) < match_scores_->size()) score += (*match_scores_)[size_t(team)];
    if (best < 0 || score < best_score) best = s, best_score = score;
  }
  return best;
}

void GameState::score_fishing() {
  const int teams = rules_.teams;
  DealResult& r = result_;
  r.points.assign(size_t(teams), 0);
  r.tricks.assign(size_t(teams), 0);
  r.game_points.assign(size_t(teams), 0);
  r.bonus.assign(size_t(teams), 0);
  r.threshold_met.assign(size_t(teams), false);
  for (int s = 0; s < rules_.seats; ++s) {
    const size_t team = rules_.team_of[size_t(s)];
    for (Card c : captured_[size_t(s)]) r.points[team] += rules_.plain_points[c];
    r.bonus[team] += bonus_[size_t(s)];
  }
  int best = INT32_MIN, leaders = 0;
  for (int t = 0; t < teams; ++t) {
    const size_t i = size_t(t);
    r.game_points[i] = r.points[i] + r.bonus[i];
    r.threshold_met[i] = rules_.fishing.threshold > 0 && r.points[i] >= rules_.fishing.threshold;
    if (r.game_points[i] > best) best = r.game_points[i], leaders = 0;
    if (r.game_points[i] == best) ++leaders, r.winner_team = t;
  }
  if (leaders != 1) r.winner_team = -1;
  r.name = r.winner_team < 0 ? "draw" : rules_.result.default_name;
  close_deal();
}

}  // namespace hukum
