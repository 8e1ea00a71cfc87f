// A seat's return, the one number learning programs and outside agents read:
// its team's points less the mean of the other teams', negated where the
// lowest total wins, so more is always better and the returns of a two-team
// game sum to zero. For a deal (its game points) or a match (the totals).
#pragma once

#include <vector>

#include "ruleset/ruleset.h"

namespace hukum {

std::vector<double> seat_returns(const Ruleset& rules, const std::vector<int>& team_points);

}  // namespace hukum
