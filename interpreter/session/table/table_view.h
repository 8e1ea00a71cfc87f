// The terminal table a human player sees before each move, rendered from that
// seat's Observation only (so it can show nothing the seat may not see): who
// sits where and with whom, the auction or contract, trump, running tricks and
// points per seat and per team, the match score, the last and current trick,
// the seat's own face-down card and its hand by suit.
#pragma once

#include <string>

#include "session/observation/observation.h"
#include "session/table/table_style.h"

namespace hukum {

std::string table_text(const Ruleset& rules, const Observation& o, const TableStyle& style);
// "You are S (NS), partner N; opponents E, W": the seat and its partnership.
std::string seat_line(const Ruleset& rules, int seat);
// Card points a seat has captured so far (trump-aware once trump is known).
int captured_points(const Ruleset& rules, const Observation& o, int seat);
// Whether the ruleset scores card points at all (else only tricks are shown).
bool scores_card_points(const Ruleset& rules);

}  // namespace hukum
