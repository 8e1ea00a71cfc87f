// fishing.combinations evaluated on a side's captured cards: a few masks and
// popcounts per line, so a turn's end can check them without Lua. Pure
// functions of the rules and a card set; the state keeps no cache here.
#pragma once

#include <vector>

#include "ruleset/fishing_rules.h"

namespace hukum {

// The value of `line` for a side holding `taken`: 0 when the side has not made it.
int combination_value(const FishingCombination& line, CardSet taken);

// The side's combination points: every line made, but of the lines of one
// group only the best (the first written on a tie). With `per_line`, each
// line's counted value (0 for a line not made or beaten in its group).
int combination_points(const FishingRules& rules, CardSet taken, std::vector<int>* per_line = nullptr);

}  // namespace hukum
