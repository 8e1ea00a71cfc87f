// `simulate --mpi` (built with -DHUKUM_MPI=ON): every MPI rank plays one shard
// of the deals, and rank 0 gathers the tallies and merges them, so its output
// is the output of one run over all the deals. Other ranks print nothing.
#pragma once

#include <optional>

#include "ruleset/ruleset.h"
#include "session/reports/simulate.h"
#include "session/reports/tally.h"

namespace hukum::cli {

// Runs this rank's shard of `plan` (whose shard fields are replaced). On rank
// 0 returns the merged tally; on the other ranks, and when the simulation
// could not run (the message is printed), nullopt. `*rank0` says which.
std::optional<Tally> simulate_mpi(const Ruleset& rules, SimulationPlan plan, bool* rank0);

}  // namespace hukum::cli
