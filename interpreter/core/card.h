// Cards are small integers: an index into the ruleset's deck table (at most 64
// cards, several copies of a pack allowed). A set of cards is a 64-bit mask, so
// hands, trick contents and suit filters are single machine words. What a card
// *means* (suit, rank, order, points) lives in the compiled Ruleset, not here.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
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

namespace detail {
// kSelectInByte[b][k]: the position of the k-th (from 0) set bit of the byte b;
// 8 when b has fewer bits.
constexpr std::array<std::array<uint8_t, 8>, 256> make_select_in_byte() {
  std::array<std::array<uint8_t, 8>, 256> table{};
  for (int b = 0; b < 256; ++b) {
    int k = 0;
    for (int bit = 0; bit < 8; ++bit)
      if ((b >> bit) & 1) table[std::size_t(b)][std::size_t(k++)] = uint8_t(bit);
    for (; k < 8; ++k) table[std::size_t(b)][std::size_t(k)] = 8;
  }
  return table;
}
inline constexpr auto kSelectInByte = make_select_in_byte();
}  // namespace detail

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
  // The n-th lowest card (0-based), kNoCard when n is not below size(). A random player picks
  // its card with this on every turn, and a loop that clears n low bits exits
  // at a random count (a mispredicted branch per call), so this has no loop:
  // the bit counts of each byte, summed up to every byte by one multiplication,
  // tell which byte holds the n-th card, and a table finds it within the byte.
  Card nth(int n) const {
    constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    uint64_t per_byte = bits_ - ((bits_ >> 1) & 0x5555555555555555ull);
    per_byte = (per_byte & 0x3333333333333333ull) + ((per_byte >> 2) & 0x3333333333333333ull);
    per_byte = (per_byte + (per_byte >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    const uint64_t up_to = per_byte * kOnes;  // byte i: the cards in bytes 0..i (at most 64)
    if (uint64_t(n) >= (up_to >> 56) || n < 0) return kNoCard;  // no such card (byte 7 is the size)
    // High bit of byte i set when bytes 0..i hold at most n cards (no borrow
    // crosses bytes: 0x80 + n - up_to stays positive).
    const uint64_t before = ((uint64_t(n) * kOnes | kHigh) - up_to) & kHigh;
    const int byte = int(((before >> 7) * kOnes) >> 56);  // bytes wholly before the card
    const int shift = 8 * byte;
    const int rank_in_byte = n - int(((up_to << 8) >> shift) & 0xFF);
    return Card(shift + detail::kSelectInByte[(bits_ >> shift) & 0xFF][std::size_t(rank_in_byte)]);
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
