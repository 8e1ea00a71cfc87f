// Playing a world to the end of its deal with a cheap policy, for the
// searching bots: uniformly random, greedy (greedy.h), or random card play
// with greedy calls. The last is ismcts's default: a random bid,
// raise or trump call in a playout is nothing like play (random bidders raise
// to the top and fail), so a search over random calls learns to outbid them,
// while random card play is cheap and unbiased enough to rank a card.
#pragma once

#include <array>

#include "core/rng.h"
#include "engine/state.h"

namespace hukum {

enum class PlayoutPolicy : uint8_t { Random, Greedy, RandomPlayGreedyCalls };

// Whether the decision is playing a card (to a trick or the layout), as
// against a call: a bid, a trump, a card laid aside or passed, a word.
bool is_card_play(const LegalActions& legal);

// Plays `world` until the deal is over. False when the engine stopped it (a
// hook error, no legal action): the world's result is then meaningless.
bool play_out(GameState& world, PlayoutPolicy policy, Rng& rng);

// The reward of the finished world for every team (deal_value.h, with the
// ruleset's margin_scale); 0.5 each when the playout failed, so a broken line
// neither attracts nor repels.
std::array<double, kMaxSeats> team_rewards(const GameState& world, bool finished, double margin_scale);

}  // namespace hukum
