// Why a move is refused, in the player's terms: "KC is not in your hand",
// "you must follow D", "overcalling your partner needs at least 20", ... and
// what a move looks like in this game (only the kinds the ruleset uses).
// Worked out from the seat's Observation and the ruleset, like the table.
#pragma once

#include <string>

#include "engine/action.h"
#include "session/observation/observation.h"
#include "session/table/table_style.h"

namespace hukum {

// The reason `a` is not legal for the seat of `o` now (o.legal does not hold it).
std::string refusal_reason(const Ruleset& rules, const Observation& o, const Action& a, const TableStyle& style);
// The shapes of input this game accepts: "a card such as AS, pass, bid <n>, reveal".
std::string input_forms(const Ruleset& rules);
// What to type now, for the prompt: "play a card", "bid 14 to 28 or pass", ...
std::string what_to_do(const Ruleset& rules, const Observation& o, const TableStyle& style);

}  // namespace hukum
