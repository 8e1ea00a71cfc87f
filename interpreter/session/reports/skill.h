// Skill share (`simulate --skill`): how much of the game a skilled player
// decides, after CardStock's skill measure (C. Bell and M. Goadrich,
// "Automated playtesting with RECYCLEd CARDSTOCK", Game & Puzzle Design,
// 2016), which compares how AI players fare against random ones.
//
// For each side t in turn, the deals are played twice on the same seeds: once
// with random bots everywhere (the baseline), once with the skilled bot in
// t's seats and random bots in the others (duplicate: every side takes the
// skilled seats on the very same deals). A side's score in a deal is 1 for a
// win, 1/2 for a draw, 0 for a loss. The skill edge is the mean, over deals
// and sides, of skilled score minus baseline score, paired deal by deal; the
// skill share is the edge over what was left to win, 1 - the baseline score
// (the baseline taken as known, as the dealer advantage takes its even share):
// 0 in a game of pure luck, 1 when the skilled side wins every deal that
// random play did not already give it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "ruleset/ruleset.h"
#include "session/reports/simulate.h"
#include "session/reports/stats.h"

namespace hukum {

struct SkillResult {
  std::string bot;         // the skilled seat kind ("ismcts:50")
  int64_t pairs = 0;       // deals x sides, each paired with its baseline
  int64_t half_points_skilled = 0, half_points_baseline = 0;  // sums of 2 x score
  Moments edge_halves;     // per pair, 2 x (skilled - baseline) score
  std::string error;       // a run failed to load: nothing measured
  double baseline() const { return pairs ? half_points_baseline / (2.0 * double(pairs)) : 0; }
  double skilled() const { return pairs ? half_points_skilled / (2.0 * double(pairs)) : 0; }
  Estimate edge() const;   // skilled - baseline score, paired, 95% interval
  Estimate share() const;  // edge / (1 - baseline); no data when the baseline already wins everything
  // Adds the sums of another shard of the same run (`hukum merge`): the
  // shards' deals are disjoint, so the sums are those of one run over all.
  void merge(const SkillResult& o) {
    pairs += o.pairs, half_points_skilled += o.half_points_skilled, half_points_baseline += o.half_points_baseline;
    edge_halves.merge(o.edge_halves);
  }
};

// `plan`: deals, seed, threads and shard (its seats are ignored): a shard
// measures its own deals; `bot`: a seat kind.
SkillResult measure_skill(const Ruleset& rules, const SimulationPlan& plan, const std::string& bot);

// {"bot", "pairs", "baseline_score", "skilled_score", "edge", "share", "tally"}:
// "tally" holds the sums, read back by skill_from_json (`hukum report`).
nlohmann::ordered_json skill_json(const SkillResult& s);
// Throws std::runtime_error naming the key when the sums are impossible.
SkillResult skill_from_json(const nlohmann::json& j);
std::string skill_text(const SkillResult& s);

}  // namespace hukum
