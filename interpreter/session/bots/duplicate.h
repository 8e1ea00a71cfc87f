// Matches between seat kinds (`simulate --seats A,B,... [--duplicate]`).
// Every deal is a one-deal match from (seed, deal number); with `duplicate`
// it is played again with the seat kinds rotated one seat at a time until the
// list repeats, so each kind holds each hand (as in duplicate bridge) and the
// luck of the cards cancels out of the comparison. Results per kind come with
// 95% intervals computed over deals (each deal averaged over its rotations).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ruleset/ruleset.h"
#include "session/reports/report.h"
#include "session/reports/simulate.h"

namespace hukum {

struct Interval {
  double mean = 0, low = 0, high = 0;  // the mean and its 95% normal interval
};

struct KindResult {
  std::string kind;
  int seats_held = 0;
  // Per deal: 1 when a team of this kind's seats won, 0 when another kind's,
  // 0.5 for a draw or a mixed team; "even" is 0.5 for two kinds.
  Interval deal_wins;
  // Per deal: the share of this kind's seats that won it (deal_winners in
  // session/matches/returns.h), whatever the other seats of their side hold; seats
  // of equal strength win equally often, even where sides mix kinds.
  Interval seat_wins;
  Interval margin;        // game points of its seats minus the others', per seat, per deal
  Interval card_points;   // card points of its seats minus the others', per seat, per deal
  // Decision times in ms over decisions with more than one legal action:
  // the median, the 90th and 99th percentiles, the longest.
  double median_decision_ms = 0, p90_decision_ms = 0, p99_decision_ms = 0, max_decision_ms = 0;
  long decisions = 0;
};

struct SeatsReport {
  long deals = 0;
  int rotations = 1;
  std::vector<KindResult> kinds;  // in order of first appearance in the seat list
  // With two kinds: the first kind's seat_wins less the second's, paired deal
  // by deal (both kinds sat in every seat of the same deals with duplicate).
  Interval seat_win_difference;
  // Plays (deal x rotation) that ended with a contract, and how many were made.
  long contracts = 0, contracts_made = 0;
  std::map<int, long> contract_values;  // final contract -> deals
  long errors = 0;
  std::string first_error;
};

// Plays `deals` deals (each `rotations` times with duplicate) on `threads`
// threads; the report does not depend on the thread count (but for decision
// times). `hooks.progress(done)` may be empty; with `hooks.format` and
// `hooks.write`, one row per play (deal x rotation) in deal order: its unit is
// the deal, its match the rotation (seat s held kinds[(s + rotation) % n]).
// With `coverage`, rule coverage (session/reports/coverage.h) is counted into it.
SeatsReport play_seats(const Ruleset& rules, const std::vector<std::string>& kinds, long deals, uint64_t seed,
                       bool duplicate, int threads, const SimulationHooks& hooks, CoverageTally* coverage = nullptr);

// The report as text, and as JSON (format hukum-seats, docs/simulation-report.md).
std::string seats_report_text(const Ruleset& rules, const std::vector<std::string>& kinds, const SeatsReport& r);
nlohmann::ordered_json seats_report_document(const RunInfo& info, const std::vector<std::string>& kinds,
                                             const SeatsReport& r);

}  // namespace hukum
