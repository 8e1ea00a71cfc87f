// How good a finished deal is for one team, as a number in [0, 1] that every
// bot maximizes: mostly whether the team won the deal, then its share of the
// card points (or of the tricks when no card carries points), then its
// margin of game points (both turned round when the lowest total wins the
// match). Read only from the DealResult, so it works for any ruleset without
// knowing the game.
#pragma once

#include "engine/events.h"
#include "ruleset/ruleset.h"

namespace hukum {

double deal_reward(const Ruleset& rules, const DealResult& result, int team);

}  // namespace hukum
