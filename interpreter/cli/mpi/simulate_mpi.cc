// Shards over MPI ranks, merged on rank 0 (see simulate_mpi.h).
#include "cli/mpi/simulate_mpi.h"

#include <mpi.h>

#include <iostream>
#include <string>
#include <vector>

namespace hukum::cli {

namespace {

// MPI_Init once per process, MPI_Finalize at exit.
struct MpiSession {
  MpiSession() { MPI_Init(nullptr, nullptr); }
  ~MpiSession() { MPI_Finalize(); }
};

}  // namespace

std::optional<Tally> simulate_mpi(const Ruleset& rules, SimulationPlan plan, bool* rank0) {
  static MpiSession session;
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  *rank0 = rank == 0;
  plan.shard = rank, plan.shards = size;
  SimulationResult result = simulate(rules, plan);
  // Each rank sends its tally as JSON text (an empty text when it could not run).
  std::string mine = result.error.empty() ? tally_to_json(result.tally).dump() : std::string();
  if (!result.error.empty()) std::cerr << "rank " << rank << ": " << result.error;
  int length = int(mine.size());
  std::vector<int> lengths(static_cast<size_t>(size)), offsets(static_cast<size_t>(size));
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (rank == 0) {
    int total = 0;
    for (int r = 0; r < size; ++r) offsets[size_t(r)] = total, total += lengths[size_t(r)];
    all.resize(size_t(total));
  }
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (rank != 0) return std::nullopt;
  const TallyShape shape = shape_of(rules);
  Tally merged(shape);
  for (int r = 0; r < size; ++r) {
    if (lengths[size_t(r)] == 0) return std::nullopt;  // that rank printed why
    merged.merge(tally_from_json(nlohmann::json::parse(all.substr(size_t(offsets[size_t(r)]), size_t(lengths[size_t(r)]))), shape));
  }
  return merged;
}

}  // namespace hukum::cli
