// The end of a fishing deal: every seat scores its captured cards from the
// points table (Ruleset::plain_points, compiled from fishing.scoring), plus
// the points hooks added (game.add_score, shown as its bonus), its sweeps (fishing.sweeps.points each)
// and the categories its side won (fishing.majorities), its combinations
// (fishing.combinations); the threshold flags; the deal's winner (the
// single highest score, else a draw); the next dealer, including the
// lowest-match-score rule, which reads the match scores the Match lends us.
#include <algorithm>

#include "engine/combinations.h"
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

namespace {

// A side's count in a majority category, or -1 when it cannot win it.
int majority_count(const Ruleset& rules, const FishingMajority& m, CardSet taken) {
  if (!m.best_per_suit) return (taken & m.cards).size();
  int sum = 0;
  for (size_t s = 0; s < rules.deck.suits.size(); ++s) {
    const CardSet in_line = m.cards & rules.deck.suit_mask[s];
    if (in_line.empty()) continue;
    int best = -1;
    for (Card c : taken & in_line) best = std::max(best, int(m.best[c]));
    if (best < 0) return -1;  // the side lacks this suit
    sum += best;
  }
  return sum;
}

}  // namespace

// Each majority line's points to the one side with the highest count.
void GameState::score_majorities(DealResult& r) const {
  const int teams = rules_.teams;
  r.majority.assign(size_t(teams), 0);
  r.majority_winner.clear();
  std::array<CardSet, kMaxSeats> taken{};
  for (int s = 0; s < rules_.seats; ++s) taken[size_t(rules_.team_of[size_t(s)])] |= captured_[size_t(s)];
  for (const FishingMajority& m : rules_.fishing.majorities) {
    int best = -1, leader = -1;
    bool tied = false;
    for (int t = 0; t < teams; ++t) {
      const int count = majority_count(rules_, m, taken[size_t(t)]);
      if (count < 0) continue;
      if (count > best) best = count, leader = t, tied = false;
      else if (count == best) tied = true;
    }
    if (leader >= 0 && !tied) r.majority[size_t(leader)] += m.points;
    r.majority_winner.push_back(leader >= 0 && !tied ? leader : -1);
  }
}

void GameState::score_fishing() {
  finish_registered_steps();  // cards a step laid away for a side join its won cards
  const int teams = rules_.teams;
  DealResult& r = result_;
  r.points.assign(size_t(teams), 0);
  r.tricks.assign(size_t(teams), 0);
  r.game_points.assign(size_t(teams), 0);
  r.bonus.assign(size_t(teams), 0);
  r.threshold_met.assign(size_t(teams), false);
  const FishingRules& f = rules_.fishing;
  if (f.sweeps) r.sweeps.assign(size_t(teams), 0);
  if (!f.majorities.empty()) score_majorities(r);
  if (!f.combinations.empty()) {
    r.combinations.assign(size_t(teams), 0);
    for (int t = 0; t < teams; ++t) r.combinations[size_t(t)] = combination_total(t);
  }
  for (int s = 0; s < rules_.seats; ++s) {
    const size_t team = rules_.team_of[size_t(s)];
    for (Card c : captured_[size_t(s)]) r.points[team] += rules_.plain_points[c];
    if (f.sweeps) r.sweeps[team] += sweeps_[size_t(s)];
  }
  int best = INT32_MIN, leaders = 0;
  for (int t = 0; t < teams; ++t) {
    const size_t i = size_t(t);
    r.bonus[i] = extra_score_[i];  // what hooks added (game.add_score): a capture's bonus, say
    r.game_points[i] = r.points[i] + r.bonus[i] + (f.sweeps ? r.sweeps[i] * f.sweep_points : 0) +
                       (r.majority.empty() ? 0 : r.majority[i]) + (r.combinations.empty() ? 0 : r.combinations[i]);
    r.threshold_met[i] = rules_.fishing.threshold > 0 && r.points[i] >= rules_.fishing.threshold;
    if (r.game_points[i] > best) best = r.game_points[i], leaders = 0;
    if (r.game_points[i] == best) ++leaders, r.winner_team = t;
  }
  if (leaders != 1) r.winner_team = -1;
  r.name = r.winner_team < 0 ? "draw" : rules_.result.default_name;
  close_deal(/*hook_points_counted=*/true);
}

}  // namespace hukum
