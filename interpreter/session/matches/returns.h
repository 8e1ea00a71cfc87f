// A seat's return, the one number learning programs and outside agents read:
// its team's points less the mean of the other teams', negated where the
// lowest total wins, so more is always better and the returns of a two-team
// game sum to zero. For a deal (its game points) or a match (the totals).
#pragma once

#include <vector>

#include "engine/events.h"
#include "ruleset/ruleset.h"

namespace hukum {

std::vector<double> seat_returns(const Ruleset& rules, const std::vector<int>& team_points);

// Per seat, whether it won the deal: the seats of the deal's winning team;
// where the deal names none (a contract lost against two or more others, a
// deal a hook scored), the seats with the best return from the deal's game
// points, unless every seat has the same (a draw: nobody won).
std::vector<bool> deal_winners(const Ruleset& rules, const DealResult& result);

}  // namespace hukum
