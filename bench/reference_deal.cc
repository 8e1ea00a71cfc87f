// `hukum_reference_deal [DEALS] [SEED]`: a hand-written yardstick, apart from
// the engine. The fastest obvious C++ for one game (a four-seat, 52-card,
// follow-suit trick game with trump fixed by the first discard: Mendikot's
// cut hukum), random legal cards, tricks and tens counted. It knows one game,
// so it is not part of interpreter/ (which knows none); scripts/bench.sh times
// it in the same run as `hukum bench` and reports the ratio. The project's
// reference figure is ../shared/bench/ratio.sh, against its own baseline.
// Prints `deals_per_second: N` last, like `hukum bench`.
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "core/rng.h"

namespace {

using hukum::Rng;

// Card = suit * 16 + rank (rank 0 = 2 ... 12 = A), so a suit is a 16-bit lane.
// Returns a checksum so the work cannot be optimised away.
uint64_t reference_trick_deals(long deals, uint64_t seed) {
  Rng rng(seed);
  uint64_t checksum = 0;
  uint8_t pack[52];
  for (long d = 0; d < deals; ++d) {
    for (int i = 0; i < 52; ++i) pack[i] = uint8_t((i / 13) * 16 + i % 13);
    rng.shuffle(pack, 52);
    uint64_t hands[4] = {0, 0, 0, 0};
    for (int i = 0; i < 52; ++i) hands[i % 4] |= uint64_t(1) << pack[i];
    int trump = -1, leader = int(d % 4), tens[2] = {0, 0}, tricks[2] = {0, 0};
    for (int t = 0; t < 13; ++t) {
      int led = -1, best_seat = 0, best_card = -1;
      bool best_trump = false;
      int tens_here = 0;
      for (int k = 0; k < 4; ++k) {
        int seat = (leader + 4 - k) % 4;  // counterclockwise
        uint64_t legal = hands[seat];
        if (led >= 0) {
          uint64_t follow = legal & (uint64_t(0xFFFF) << (led * 16));
          if (follow) legal = follow;
        }
        uint32_t pick = rng.below(uint32_t(std::popcount(legal)));
        uint64_t b = legal;
        for (uint32_t i = 0; i < pick; ++i) b &= b - 1;
        int card = std::countr_zero(b);
        hands[seat] &= ~(uint64_t(1) << card);
        int suit = card / 16, rank = card % 16;
        if (rank == 8) ++tens_here;
        if (led < 0) {
          led = suit, best_seat = seat, best_card = rank;
          continue;
        }
        if (suit != led && trump < 0) trump = suit;
        bool is_trump = suit == trump;
        if (is_trump ? (!best_trump || rank > best_card) : (!best_trump && suit == led && rank > best_card)) {
          best_seat = seat, best_card = rank, best_trump = is_trump;
        }
      }
      tens[best_seat % 2] += tens_here;
      ++tricks[best_seat % 2];
      leader = best_seat;
    }
    checksum += uint64_t(tens[0] * 16 + tricks[0]);
  }
  return checksum;
}

}  // namespace

int main(int argc, char** argv) {
  const long deals = argc > 1 ? std::atol(argv[1]) : 200000;
  const uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1;
  if (deals <= 0) {
    std::fprintf(stderr, "usage: hukum_reference_deal [DEALS > 0] [SEED]\n");
    return 2;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const uint64_t checksum = reference_trick_deals(deals, seed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("checksum: %llu\n", static_cast<unsigned long long>(checksum));
  std::printf("deals_per_second: %.0f\n", double(deals) / seconds);
  return 0;
}
