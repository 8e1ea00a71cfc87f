// Redealing what one seat cannot see: the other seats' hands (but for cards
// shown face up), their face-down cards, the undealt stock and cards set
// aside unplayed, shuffled among the same places with every count kept. The
// seat's view is unchanged by construction; tests use this to prove it, and a
// searching bot can use it to sample worlds consistent with what it saw.
#include <algorithm>

#include "engine/state.h"

namespace hukum {

void GameState::redeal_unseen(int seat, Rng& rng) {
  std::vector<Card> pool;
  auto take = [&](CardSet cards) {
    for (Card c : cards) pool.push_back(c);
  };
  for (int s = 0; s < rules_.seats; ++s) {
    if (s == seat) continue;
    take(hand_[size_t(s)] & ~revealed_);
    take(hidden_[size_t(s)]);
  }
  take(stock());
  take(out_of_play_);
  // Shuffled from a canonical order: states that differ only in where the
  // unseen cards lie give the same worlds for the same generator.
  std::sort(pool.begin(), pool.end());
  rng.shuffle(pool.data(), uint32_t(pool.size()));

  size_t next = 0;
  auto give = [&](int count) {
    CardSet out;
    for (int k = 0; k < count; ++k) out.add(pool[next++]);
    return out;
  };
  for (int s = 0; s < rules_.seats; ++s) {
    if (s == seat) continue;
    const CardSet shown = hand_[size_t(s)] & revealed_;
    hand_[size_t(s)] = shown | give((hand_[size_t(s)] & ~revealed_).size());
    hidden_[size_t(s)] = give(hidden_[size_t(s)].size());
  }
  for (int i = stock_top_; i < stock_size_; ++i) stock_[size_t(i)] = pool[next++];
  out_of_play_ = give(out_of_play_.size());
  // The deal's own generator would repeat the real game's future draws (a
  // random trump card still to come): a world gets its own future too.
  rng_.reseed(rng.next());
  update_legal();  // the seat to move may now hold other cards
}

}  // namespace hukum
