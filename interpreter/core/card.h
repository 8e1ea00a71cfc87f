// Cards are small integers: an index into the ruleset's deck table (at most 128
// cards, several copies of a pack allowed). A set of cards is a pair of 64-bit
// masks, so hands, trick contents and suit filters are two machine words, and
// in a deck of 64 cards or fewer (most games) the high word stays empty. What a card
// *means* (suit, rank, order, points) lives in the compiled Ruleset, not here.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

// Set operations are in every hot loop of play; the compiler, left to itself,
// calls some of them out of line once a set is two words wide (callgrind).
#define HUKUM_INLINE __attribute__((always_inline)) inline

namespace hukum {

using Card = uint8_t;
constexpr Card kNoCard = 0xFF;
constexpr int kMaxCards = 128;
constexpr int kMaxSeats = 8;
constexpr int kMaxSuits = 8;
constexpr int kMaxRanks = 32;
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
  // The cards 0..63 from a mask of their bits (cards 64 and up: none).
  constexpr explicit CardSet(uint64_t low) : lo_(low) {}
  constexpr CardSet(uint64_t low, uint64_t high) : lo_(low), hi_(high) {}
  HUKUM_INLINE static constexpr CardSet of(Card c) {
    if (c < 64) [[likely]] return CardSet(uint64_t(1) << c, 0);
    return CardSet(0, uint64_t(1) << (c & 63));
  }
  // Every card below n.
  HUKUM_INLINE static constexpr CardSet below(int n) {
    return n >= 128 ? CardSet(~0ull, ~0ull)
           : n > 64 ? CardSet(~0ull, (uint64_t(1) << (n - 64)) - 1)
           : n == 64 ? CardSet(~0ull, 0)
                     : CardSet((uint64_t(1) << n) - 1, 0);
  }

  // The two words are told apart by a branch, not a select: in a deck of 64
  // cards or fewer it always goes the same way. (Two words still cost random
  // play of a 52-card game more instructions than one: docs/architecture.md.)
  HUKUM_INLINE constexpr bool contains(Card c) const {
    if (c < 64) [[likely]] return (lo_ >> c) & 1;
    return (hi_ >> (c & 63)) & 1;
  }
  HUKUM_INLINE constexpr void add(Card c) {
    if (c < 64) [[likely]] lo_ |= uint64_t(1) << c;
    else hi_ |= uint64_t(1) << (c & 63);
  }
  HUKUM_INLINE constexpr void remove(Card c) {
    if (c < 64) [[likely]] lo_ &= ~(uint64_t(1) << c);
    else hi_ &= ~(uint64_t(1) << (c & 63));
  }
  // A deck of 64 cards or fewer leaves the high word empty: its bit count is
  // skipped by a branch that such a game always predicts.
  HUKUM_INLINE constexpr int size() const {
    int n = popcount64(lo_);
    if (hi_) [[unlikely]] n += size_high();  // out of line: a select would count both words always
    return n;
  }
  HUKUM_INLINE constexpr bool empty() const { return (lo_ | hi_) == 0; }
  // Lowest card in the set; the set must not be empty.
  HUKUM_INLINE constexpr Card first() const {
    return lo_ ? Card(std::countr_zero(lo_)) : Card(64 + std::countr_zero(hi_));
  }
  // The n-th lowest card (0-based), kNoCard when n is not below size().
  HUKUM_INLINE Card nth(int n) const {
    if (!hi_) [[likely]] return nth_in(lo_, n);
    return nth_wide(n);
  }

  HUKUM_INLINE constexpr CardSet operator&(CardSet o) const { return CardSet(lo_ & o.lo_, hi_ & o.hi_); }
  HUKUM_INLINE constexpr CardSet operator|(CardSet o) const { return CardSet(lo_ | o.lo_, hi_ | o.hi_); }
  HUKUM_INLINE constexpr CardSet operator~() const { return CardSet(~lo_, ~hi_); }
  HUKUM_INLINE constexpr CardSet& operator|=(CardSet o) { lo_ |= o.lo_; hi_ |= o.hi_; return *this; }
  HUKUM_INLINE constexpr CardSet& operator&=(CardSet o) { lo_ &= o.lo_; hi_ &= o.hi_; return *this; }
  HUKUM_INLINE constexpr bool operator==(const CardSet&) const = default;

  // Iteration in ascending card index: `for (Card c : set)`. The iterator
  // walks one word at a time and moves to the high word only when the low one
  // is spent, so a deck of 64 cards or fewer pays one predicted test a loop.
  struct Iterator {
    uint64_t word, next;
    int base;
    Card operator*() const { return Card(base + std::countr_zero(word)); }
    Iterator& operator++() {
      word &= word - 1;
      if (!word && next) [[unlikely]] word = next, next = 0, base = 64;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return word != o.word; }
  };
  HUKUM_INLINE Iterator begin() const { return lo_ ? Iterator{lo_, hi_, 0} : Iterator{hi_, 0, 64}; }
  HUKUM_INLINE Iterator end() const { return {0, 0, 0}; }

 private:
  // The high word's parts of size() and nth(), called only for decks of more
  // than 64 cards.
  [[gnu::noinline]] constexpr int size_high() const { return popcount64(hi_); }
  [[gnu::noinline]] Card nth_wide(int n) const {
    const int in_low = popcount64(lo_);
    if (n < in_low) return nth_in(lo_, n);
    const Card c = nth_in(hi_, n - in_low);
    return c == kNoCard ? kNoCard : Card(64 + c);
  }

  // The n-th lowest set bit of one word, kNoCard when it has n or fewer. A
  // random player picks its card with this on every turn, and a loop that
  // clears n low bits exits at a random count (a mispredicted branch per call),
  // so this has no loop: the bit counts of each byte, summed up to every byte
  // by one multiplication, tell which byte holds the n-th card, and a table
  // finds it within the byte.
  HUKUM_INLINE static Card nth_in(uint64_t bits, int n) { return nth_by_counts(bits, counts_up_to(bits), n); }

 public:
  // Byte i of the result: the cards of this word in bytes 0..i, so its top
  // byte is the word's size. A random pick counts the cards and then finds the
  // chosen one (nth_by_counts) from this one computation, rather than two.
  HUKUM_INLINE static uint64_t counts_up_to(uint64_t bits) {
    uint64_t per_byte = bits - ((bits >> 1) & 0x5555555555555555ull);
    per_byte = (per_byte & 0x3333333333333333ull) + ((per_byte >> 2) & 0x3333333333333333ull);
    per_byte = (per_byte + (per_byte >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return per_byte * 0x0101010101010101ull;
  }
  // The n-th lowest set bit of `bits`, given counts_up_to(bits); kNoCard when
  // it has n or fewer.
  HUKUM_INLINE static Card nth_by_counts(uint64_t bits, uint64_t up_to, int n) {
    if (uint64_t(n) >= (up_to >> 56) || n < 0) return kNoCard;  // no such card (byte 7 is the size)
    return select_by_counts(bits, up_to, n);
  }
  // The same for an n known to be in 0..size-1 (a random pick's), untested.
  HUKUM_INLINE static Card select_by_counts(uint64_t bits, uint64_t up_to, int n) {
    constexpr uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
    // High bit of byte i set when bytes 0..i hold at most n cards (no borrow
    // crosses bytes: 0x80 + n - up_to stays positive).
    const uint64_t before = ((uint64_t(n) * kOnes | kHigh) - up_to) & kHigh;
    const int byte = int(((before >> 7) * kOnes) >> 56);  // bytes wholly before the card
    const int shift = 8 * byte;
    const int rank_in_byte = n - int(((up_to << 8) >> shift) & 0xFF);
    return Card(shift + detail::kSelectInByte[(bits >> shift) & 0xFF][std::size_t(rank_in_byte)]);
  }
  // The low word (cards 0..63), the high word (cards 64..127) and whether the
  // set has cards above the low word.
  HUKUM_INLINE constexpr uint64_t low_word() const { return lo_; }
  HUKUM_INLINE constexpr uint64_t high_word() const { return hi_; }
  HUKUM_INLINE constexpr bool wide() const { return hi_ != 0; }

 private:
  uint64_t lo_ = 0;  // cards 0..63
  uint64_t hi_ = 0;  // cards 64..127
};

}  // namespace hukum
