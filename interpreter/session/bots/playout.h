// Playing a world to the end of its deal with a cheap policy, for the
// searching bots: uniformly random, or greedy (greedy.h).
#pragma once

#include <array>

#include "core/rng.h"
#include "engine/state.h"

namespace hukum {

enum class PlayoutPolicy : uint8_t { Random, Greedy };

// Plays `world` until the deal is over. False when the engine stopped it (a
// hook error, no legal action): the world's result is then meaningless.
bool play_out(GameState& world, PlayoutPolicy policy, Rng& rng);

// The reward of the finished world for every team (deal_value.h); 0.5 each
// when the playout failed, so a broken line neither attracts nor repels.
std::array<double, kMaxSeats> team_rewards(const GameState& world, bool finished);

}  // namespace hukum
