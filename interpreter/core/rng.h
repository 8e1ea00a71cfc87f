// The project's one random generator. Every random choice (shuffles, bots, the
// random trump card) goes through it, so a seed gives the same games on every
// platform: the standard library's distributions are implementation-defined, so
// bounded integers use our own method (Lemire's multiply-and-reject).
#pragma once

#include <cstdint>

namespace hukum {

// xoshiro256** seeded through splitmix64.
class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound); bound must be > 0.
  uint32_t below(uint32_t bound) {
    uint64_t m = uint64_t(uint32_t(next() >> 32)) * bound;
    uint32_t low = uint32_t(m);
    if (low < bound) {
      const uint32_t threshold = uint32_t(-bound) % bound;
      while (low < threshold) {
        m = uint64_t(uint32_t(next() >> 32)) * bound;
        low = uint32_t(m);
      }
    }
    return uint32_t(m >> 32);
  }

  // Fisher-Yates over any random-access range of n elements.
  // The state is copied in and out: a store through `first` (bytes, for
  // cards) may alias it, and each draw would otherwise reload and store it.
  template <typename T>
  void shuffle(T* first, uint32_t n) {
    Rng local = *this;
    for (uint32_t i = n; i > 1; --i) {
      uint32_t j = local.below(i);
      T tmp = first[i - 1];
      first[i - 1] = first[j];
      first[j] = tmp;
    }
    *this = local;
  }

  // A seed for a derived stream (deal i of a simulation), independent of the order
  // in which threads run.
  static uint64_t derive(uint64_t seed, uint64_t index) {
    uint64_t x = seed ^ (index * 0x9E3779B97F4A7C15ull);
    return splitmix64(x);
  }

 private:
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint64_t s_[4];
};

}  // namespace hukum
