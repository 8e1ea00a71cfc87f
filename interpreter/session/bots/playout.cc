// Playouts for the searching bots (see playout.h).
#include "session/bots/playout.h"

#include "session/bots/deal_value.h"
#include "session/bots/greedy.h"

namespace hukum {

bool is_card_play(const LegalActions& legal) {
  return legal.card_kind == ActionKind::Play && !legal.cards.empty();
}

bool play_out(GameState& world, PlayoutPolicy policy, Rng& rng) {
  // Random card play goes through the engine's own loop (the same draws as
  // legal.at(below(n)) below, none for a lone card), the calls through this one.
  std::array<Rng*, kMaxSeats> streams;
  streams.fill(&rng);
  const bool random_cards = policy != PlayoutPolicy::Greedy;
  while (!world.deal_over()) {
    if (random_cards) {
      if (!world.play_random_cards(streams.data(), false)) return false;
      if (world.deal_over()) break;
    }
    const LegalActions& legal = world.legal();
    const int n = legal.count();
    if (n == 0) return false;
    const bool greedy = policy == PlayoutPolicy::Greedy || (policy == PlayoutPolicy::RandomPlayGreedyCalls && !is_card_play(legal));
    const Action a = n == 1    ? legal.at(0)
                     : greedy ? greedy_action(world, rng)
                              : legal.at(int(rng.below(uint32_t(n))));
    if (!world.try_apply(a)) return false;
  }
  return true;
}

std::array<double, kMaxSeats> team_rewards(const GameState& world, bool finished, double margin_scale) {
  std::array<double, kMaxSeats> out;
  out.fill(0.5);
  if (!finished) return out;
  const Ruleset& rules = world.ruleset();
  for (int t = 0; t < rules.teams && t < kMaxSeats; ++t) out[size_t(t)] = deal_reward(rules, world.result(), t, margin_scale);
  return out;
}

}  // namespace hukum
