// Plays an exact number of deals at one table, starting a new match whenever
// one ends (by its deal count or its target score) before the number is
// reached. Match 0 is seeded with the seed itself (so a one-match series is the
// plain match of that seed) and match k > 0 with Rng::derive(seed, k). Used by
// `play --deals N` and by replay of the logs it writes.
#pragma once

#include <cstdint>
#include <vector>

#include "session/matches/runner.h"

namespace hukum {

struct SeriesResult {
  RunResult run;
  int deals = 0;    // deals played in all
  int matches = 0;  // matches begun
};

// `match` is freshly made with `seed`; `deals` > 0.
SeriesResult run_deal_series(Match& match, const std::vector<Player*>& players, const RunHooks& hooks, int deals,
                             uint64_t seed);

}  // namespace hukum
