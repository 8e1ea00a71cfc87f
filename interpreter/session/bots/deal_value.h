// How good a finished deal is for one team, as a number in [0, 1] that every
// bot maximizes: mostly whether the team won the deal, then its margin of
// game points, then its share of the card points (or of the tricks when no
// card carries points); points and margin turned round when the lowest total
// wins the match. Read only from the DealResult and the ruleset, so it works
// for any ruleset without knowing the game.
#pragma once

#include "engine/events.h"
#include "engine/state.h"
#include "ruleset/ruleset.h"

namespace hukum {

// The margin is squashed by tanh(margin / scale). The scale is the ruleset's
// own size of a deal's game points: one game counts a deal in ones, another
// in hundreds, and with a fixed scale a bot weighs a big loss no more than a
// small one where points run high (docs/bots.md, "The deal value's scale").
double deal_reward(const Ruleset& rules, const DealResult& result, int team, double margin_scale);

// The deal's margin of `team`: its game points less each other team's, summed.
double game_point_margin(const Ruleset& rules, const DealResult& result, int team);

// How many game points a deal of this ruleset usually separates the sides
// by: the mean absolute game_point_margin over every team of
// kMarginScaleDeals deals played from fresh states (random card play, greedy
// calls: the searching bots' playouts), at least 1. Fixed seeds, so it
// depends on the ruleset only; measured once per ruleset (by file and content
// hash) in the process, with `hooks` (the ruleset's runner, null without
// hooks), so threads and bots share it.
constexpr int kMarginScaleDeals = 64;
double margin_scale(const Ruleset& rules, HookRunner* hooks);
// The same, measured now (no cache).
double measure_margin_scale(const Ruleset& rules, HookRunner* hooks);

}  // namespace hukum
