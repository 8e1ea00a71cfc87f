// Invariant checks shared by `hukum simulate`, the scenarios and the
// conformance tests. Each returns "" when the state is sound, or what is wrong.
// Debug, sanitizer and fuzz builds (HUKUM_CHECK_INVARIANTS) also run them
// after every action and every deal start, and abort on the first broken one
// (GameState::assert_invariants): every test and fuzz input checks them.
#pragma once

#include <string>

#include "engine/state.h"

namespace hukum {

// Every card of the deck in exactly one zone (hands, hidden, trick, captured, stock).
std::string check_zones(const GameState& state);
// At the end of a trick-taking deal: all cards captured, tricks and points add
// up, exactly one winner or a draw, the next dealer is a seat.
std::string check_deal_end(const GameState& state);

}  // namespace hukum
