// A card drawn uniformly from a set: the one draw that random play makes, in
// one place, so the random player and the engine's random card play
// (GameState::play_random_cards) stay the same stream and the same card.
#pragma once

#include "core/card.h"
#include "core/rng.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define HUKUM_BMI2_DISPATCH 1
#endif

namespace hukum {

// The n-th lowest card of `cards` for n = rng.below(size): the cards'
// per-byte counts give both their number and the chosen card, computed once
// (portable code: the build targets any x86-64 or other CPU). kNoCard, with
// no draw, when the set is empty.
HUKUM_INLINE Card random_card_portable(CardSet cards, Rng& rng) {
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

#ifdef HUKUM_BMI2_DISPATCH
// The same draw and card for a deck of at most 64 cards with the CPU's own
// count (popcnt) and n-th set bit (pdep, then a trailing-zero count), on a CPU
// that has them: about 25 instructions fewer a card played at random (a
// 52-card deal played at random: 27.5k -> 26.4k instructions). Compiled for those
// instructions alone, so the rest of the build stays portable; called, not
// inlined (a function of another target cannot be).
[[gnu::target("bmi2,popcnt")]] inline Card random_card_bmi2(uint64_t low, Rng& rng) {
  const uint32_t size = uint32_t(__builtin_popcountll(low));
  if (size == 0) return kNoCard;
  return Card(__builtin_ctzll(_pdep_u64(1ull << rng.below(size), low)));
}

// Asked once per process (libgcc's CPU model is filled in first). Not on AMD's
// families 15h and 17h (Excavator, Zen 1 and 2): they have pdep but run it as
// microcode, slower than the portable select.
inline bool cpu_has_bmi2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") &&
         !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
}
inline const bool kCpuHasBmi2 = cpu_has_bmi2();
#endif

// random_card_portable's card, by the quicker way this CPU has.
HUKUM_INLINE Card random_card(CardSet cards, Rng& rng) {
#ifdef HUKUM_BMI2_DISPATCH
  if (kCpuHasBmi2 && !cards.wide()) [[likely]] return random_card_bmi2(cards.low_word(), rng);
#endif
  return random_card_portable(cards, rng);
}

}  // namespace hukum
