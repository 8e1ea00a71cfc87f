// The bot seat kinds of --seats: `greedy`, `pimc[:N]` (N worlds),
// `ismcts[:N]` (N iterations) and `ismcts:Tms` (T milliseconds per decision).
#pragma once

#include <memory>
#include <string>

#include "session/matches/players.h"

namespace hukum {

// True for a well-formed bot kind; otherwise false, with `why` set when the
// name is a bot's but its budget is malformed ("pimc:0").
bool is_bot_kind(const std::string& kind, std::string* why = nullptr);
// A bot for a kind accepted by is_bot_kind, or null.
std::unique_ptr<Player> make_bot(const std::string& kind, uint64_t seed);

}  // namespace hukum
