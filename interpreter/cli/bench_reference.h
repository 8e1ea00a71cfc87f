// A hand-written reference: the fastest obvious C++ for a four-seat,
// 52-card, follow-suit trick game with trump fixed by the first discard,
// random legal cards, tricks and tens counted. `hukum bench` times it in the
// same run as the engine so the report is a ratio, not a number from elsewhere.
#pragma once

#include <cstdint>

namespace hukum::cli {

// Plays `deals` deals; returns a checksum so the work cannot be optimised away.
uint64_t reference_trick_deals(long deals, uint64_t seed);

}  // namespace hukum::cli
