// random_card: the CPU's quicker way (popcnt and pdep, where it has them) must
// draw the same number and give the same card as the portable code, so that
// every seed plays the same deals on every machine.
#include <catch2/catch.hpp>

#include "core/random_card.h"

namespace hukum {

TEST_CASE("random_card draws and picks as the portable code", "[unit][random_card]") {
  Rng sets(11), a(5), b(5);
  for (int i = 0; i < 200000; ++i) {
    // Sets of every density, wide ones (decks over 64 cards) among them.
    uint64_t low = sets.next() & sets.next();
    if (i % 3 == 0) low |= sets.next();
    if (i % 97 == 0) low = 0;
    const uint64_t high = i % 5 == 0 ? sets.next() & sets.next() & 0x3FFF : 0;
    const CardSet cards(low, high);
    const Card card = random_card(cards, a);
    REQUIRE(card == random_card_portable(cards, b));
    if (!cards.empty()) REQUIRE(cards.contains(card));
    else REQUIRE(card == kNoCard);
  }
  REQUIRE(a.next() == b.next());  // the same number of draws
}

}  // namespace hukum
