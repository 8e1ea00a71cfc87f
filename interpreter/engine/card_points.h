// The card points of a set of cards, counted by masks: the deck's cards are
// grouped by the points they score in a plain suit and in the trump suit, so a
// won pile is counted with one bit count per point value instead of a loop
// over its cards (scoring runs once a deal in random play, and the loop's
// exit is a mispredicted branch per seat).
#pragma once

#include <array>

#include "core/card.h"

namespace hukum {

struct Ruleset;

class CardPoints {
 public:
  explicit CardPoints(const Ruleset& rules);
  // The points of `cards` while `trump_suit` is trump (-1: none), as
  // Ruleset::points_of adds them up card by card.
  int of(CardSet cards, int trump_suit) const;

 private:
  struct Group {
    CardSet cards;
    int points = 0;
  };
  static constexpr int kMaxGroups = 8;
  struct Groups {
    std::array<Group, kMaxGroups> group{};
    int count = 0;
    bool add(Card c, int points);  // false when there are more values than groups
    int of(CardSet cards) const;
  };
  const Ruleset* rules_;
  Groups plain_, trump_;
  bool card_by_card_ = false;  // more distinct values than kMaxGroups
};

}  // namespace hukum
