// Many matches between random bots, on several threads, with invariant checks
// after every deal. Match j is seeded from (seed, j), and the totals are sums,
// so the report is the same whatever the thread count.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "ruleset/ruleset.h"

namespace hukum {

struct SimulationReport {
  long deals = 0;
  long matches = 0;
  long draws = 0;
  std::vector<long> deals_won;     // per team
  std::vector<long> matches_won;   // per team (the leader at the end)
  std::vector<long> points;        // per team, summed over deals
  std::vector<long> tricks;        // per team
  std::vector<long> game_points;   // per team
  std::vector<long> bonus;         // per team: fishing bonus transfers, summed over deals
  std::vector<long> thresholds_met;  // per team: fishing deals meeting the threshold
  std::map<std::string, long> results;  // per named result
  long invariant_failures = 0;   // units whose deals broke an invariant
  long errors = 0;               // units stopped by an error (a hook, no legal action)
  std::string first_failure;       // what, and where (match, deal)
  std::string error;               // a hook or engine error that stopped a match
};

// progress(deals_done) is called from worker threads now and then; may be empty.
SimulationReport simulate(const Ruleset& rules, long deals, uint64_t seed, int threads,
                          const std::function<void(long)>& progress);

}  // namespace hukum
