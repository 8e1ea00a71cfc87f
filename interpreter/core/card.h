// Cards are small integers: an index into the ruleset's deck table (at most 64
// cards, several copies of a pack allowed). A set of cards is a 64-bit mask, so
// hands, trick contents and suit filters are single machine words. What a card
// *means* (suit, rank, order, points) lives in the compiled Ruleset, not here.
#pragma once

#include <bit>
#include <cstdint>

namespace hukum {

using Card = uint8_t;
constexpr Card kNoCard = 0xFF;
constexpr int kMaxCards = 64;
constexpr int kMaxSeats = 8;
constexpr int kMaxSuits = 8;
constexpr int kMaxRanks = 16;
using Seat = int8_t;
constexpr Seat kNoSeat = -1;

// Bit count without a library call: a portable -O2 build has no popcnt
// instruction, and std::popcount then calls into libgcc on every use.
constexpr int popcount64(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return int((x * 0x0101010101010101ull) >> 56);
}

class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint64_t bits) : bits_(bits) {}
  static constexpr CardSet of(Card c) { return CardSet(uint64_t(1) << c); }

  constexpr bool contains(Card c) const { return (bits_ >> c) & 1; }
  constexpr void add(Card c) { bits_ |= uint64_t(1) << c; }
  constexpr void remove(Card c) { bits_ &= ~(uint64_t(1) << c); }
  constexpr int size() const { return popcount64(bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr uint64_t bits() const { return bits_; }
  // Lowest card in the set; the set must not be empty.
  constexpr Card first() const { return Card(std::countr_zero(bits_)); }
  // The n-th lowest card (0-based); n must be < size().
  Card nth(int n) const {
    uint64_t b = bits_;
    for (int i = 0; i < n; ++i) b &= b - 1;
    return Card(std::countr_zero(b));
  }

  constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
  constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
  constexpr CardSet operator~() const { return CardSet(~bits_); }
  constexpr CardSet& operator|=(CardSet o) { bits_ |= o.bits_; return *this; }
  constexpr CardSet& operator&=(CardSet o) { bits_ &= o.bits_; return *this; }
  constexpr bool operator==(const CardSet&) const = default;

  // Iteration in ascending card index: `for (Card c : set)`.
  struct Iterator {
    uint64_t b;
    Card operator*() const { return Card(std::countr_zero(b)); }
    Iterator& operator++() { b &= b - 1; return *this; }
    bool operator!=(const Iterator& o) const { return b != o.b; }
  };
  Iterator begin() const { return {bits_}; }
  Iterator end() const { return {0}; }

 private:
  uint64_t bits_ = 0;
};

}  // namespace hukum
