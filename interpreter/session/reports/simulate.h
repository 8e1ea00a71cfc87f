// Many matches between random bots, on several threads, with invariant checks
// after every deal, into a Tally (tally.h).
//
// The deals are cut into work units of whole matches: a unit is the ruleset's
// match length, or 50 deals of back-to-back matches when a target score ends
// them. Unit j is seeded from (seed, j) and match k in it from (unit seed, k),
// and tallies only add, so the result does not depend on the thread count, and
// shard K of N (a contiguous slice of the units) merged with the others gives
// exactly the tally of one run.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ruleset/ruleset.h"
#include "session/reports/coverage.h"
#include "session/reports/paired.h"
#include "session/reports/tally.h"

namespace hukum {

struct SimulationPlan {
  // {deals, seed, threads, shard, shards}, as callers write a plan; seats apart.
  SimulationPlan() = default;
  SimulationPlan(long deals_, uint64_t seed_, int threads_ = 1, int shard_ = 0, int shards_ = 1)
      : deals(deals_), seed(seed_), threads(threads_), shard(shard_), shards(shards_) {}

  long deals = 1000;  // over all shards
  uint64_t seed = 1;
  int threads = 1;
  int shard = 0;  // 0-based index of this shard
  int shards = 1;
  // The seat kinds, one per seat (session/matches/seat_kinds.h: "ismcts", "greedy",
  // ...); empty: random bots, every legal action equally likely.
  std::vector<std::string> seats;
  // Also count rule coverage (session/reports/coverage.h): a slower path at every
  // card decision, hook call and deal end; the plain path is untouched.
  bool coverage = false;
};

// The units of the plan and the slice [first_unit, end_unit) that its shard plays.
struct UnitSlice {
  long per_unit = 0, units = 0, first_unit = 0, end_unit = 0;
  long deals = 0;  // deals in the slice
};
UnitSlice unit_slice(const Ruleset& rules, const SimulationPlan& plan);

struct SimulationHooks {
  // Called about four times a second from a helper thread with the deals done
  // so far in this shard; may be empty.
  std::function<void(long deals_done)> progress;
  // Per-deal data: `format` appends one deal's row to a unit's buffer (on a
  // worker thread); `write` receives each unit's rows in unit order (serialized).
  std::function<void(std::string& out, const DealRecord& deal)> format;
  std::function<void(const std::string& rows)> write;
};

struct SimulationResult {
  Tally tally;
  std::string error;  // the hooks failed to load: nothing was played
  CoverageTally coverage;  // with plan.coverage
};

SimulationResult simulate(const Ruleset& rules, const SimulationPlan& plan, const SimulationHooks& hooks = {});

// Two variants on the same units, deal by deal (`simulate --against`): each
// unit is played by A, then by B on A's unit sizes, so that deal i of both
// comes from the same seed; the per-deal differences pair up (paired.h).
// `hooks.progress` counts the deals of A; rows are not written.
struct PairedSimulation {
  SimulationResult a, b;
  PairedTally paired;
};
PairedSimulation simulate_paired(const Ruleset& a, const Ruleset& b, const SimulationPlan& plan,
                                 const SimulationHooks& hooks = {});

}  // namespace hukum
