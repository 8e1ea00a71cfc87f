// A card drawn uniformly from a set: the one draw that random play makes, in
// one place, so the random player and the engine's random card play
// (GameState::play_random_cards) stay the same stream and the same card.
#pragma once

#include "core/card.h"
#include "core/rng.h"

namespace hukum {

// The n-th lowest card of `cards` for n = rng.below(size): the cards'
// per-byte counts give both their number and the chosen card, computed once.
// kNoCard, with no draw, when the set is empty.
HUKUM_INLINE Card random_card(CardSet cards, Rng& rng) {
  const uint64_t low = cards.low_word();
  const uint64_t low_up_to = CardSet::counts_up_to(low);
  const uint32_t in_low = uint32_t(low_up_to >> 56);
  if (!cards.wide()) [[likely]] {
    if (in_low == 0) [[unlikely]] return kNoCard;
    return CardSet::select_by_counts(low, low_up_to, int(rng.below(in_low)));
  }
  // A deck of more than 64 cards: the high word is counted the same way.
  const uint64_t high = cards.high_word(), high_up_to = CardSet::counts_up_to(high);
  const uint32_t n = rng.below(in_low + uint32_t(high_up_to >> 56));
  return n < in_low ? CardSet::select_by_counts(low, low_up_to, int(n))
                    : Card(64 + CardSet::select_by_counts(high, high_up_to, int(n - in_low)));
}

}  // namespace hukum
