// Who chooses actions: bots and the terminal human. A Player sees only its
// seat's observation and the legal actions, never the other seats' cards.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "engine/action.h"
#include "engine/state.h"

namespace hukum {

class Player {
 public:
  virtual ~Player() = default;
  // Returns false when the player gives up (end of input).
  virtual bool choose(const GameState& state, int seat, const LegalActions& legal, Action* out) = 0;
};

// Uniform over the legal actions, from its own seeded generator.
class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  bool choose(const GameState&, int, const LegalActions& legal, Action* out) override {
    *out = legal.at(int(rng_.below(uint32_t(legal.count()))));
    return true;
  }

 private:
  Rng rng_;
};

// The names accepted by --seats.
bool is_player_kind(const std::string& kind);
// kind: "random" or "human"; human players read `in` and write `out`, and show
// the match scores `scores` points at (may be null).
std::unique_ptr<Player> make_player(const std::string& kind, uint64_t seed, std::istream& in,
                                    std::ostream& out, const std::vector<int>* scores = nullptr);

}  // namespace hukum
