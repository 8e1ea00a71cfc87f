// Whether a tally read from a file could have come from a run: a result file
// is untrusted, and `merge` or `report` would otherwise print whatever it says
// (1,000,000 wins in 96 deals as "wins 333364.0%", negative match lengths).
// Every count is checked against the number of deals it was counted over, and
// every mean's sum against the values one deal can give.
#pragma once

#include <string>
#include <vector>

#include "session/reports/tally.h"

namespace hukum {

// Longest result name a file may hold (the names are a ruleset's or a hook's words).
constexpr size_t kMaxResultNameBytes = 64;

// "" when the tally is consistent, else the first problem in words
// ("wins and draws add up to 1000096, not the 96 deals").
std::string tally_inconsistency(const Tally& t);

// "" when `a` and `b` (each consistent) can be merged without a total passing
// what an int64_t holds (sums of squares of big scores can), else the problem.
std::string merge_overflow(const Tally& a, const Tally& b);

// "" when every result the tally counts is one of `names` (sorted: the
// ruleset's Ruleset::result_names), else the first other one in words.
std::string unknown_result_name(const Tally& t, const std::vector<std::string>& names);

}  // namespace hukum
