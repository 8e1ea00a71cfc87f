// The game-feel section of the simulation report (definitions and sources in
// docs/simulation-report.md#game-feel): dealer and first-seat advantage,
// decisions per seat with the share that had one legal answer and the
// branching factor, lead changes, comebacks (drama) and decisiveness over a
// match, the match tie rate and length. Computed from the tally alone, like
// the rest of the report, so merged shards print what one run prints.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "session/reports/tally.h"

namespace hukum {

// The "feel" key of the report; null for a tally of a version-1 file.
nlohmann::ordered_json feel_json(const Tally& t);
// The text section ("" for a tally of a version-1 file); `w` is the name column's width.
std::string feel_text(const Tally& t, size_t w);

// Quantile q (0 to 1) of a histogram's values: the smallest value with at
// least q of the counts at or below it (0 for an empty histogram).
int histogram_quantile(const Histogram& h, double q);

}  // namespace hukum
