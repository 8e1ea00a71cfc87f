#include "engine/card_points.h"

#include "ruleset/ruleset.h"

namespace hukum {

bool CardPoints::Groups::add(Card c, int points) {
  if (points == 0) return true;
  for (int i = 0; i < count; ++i)
    if (group[size_t(i)].points == points) {
      group[size_t(i)].cards.add(c);
      return true;
    }
  if (count == kMaxGroups) return false;
  group[size_t(count)] = Group{CardSet::of(c), points};
  ++count;
  return true;
}

int CardPoints::Groups::of(CardSet cards) const {
  int total = 0;
  for (int i = 0; i < count; ++i) total += group[size_t(i)].points * (cards & group[size_t(i)].cards).size();
  return total;
}

CardPoints::CardPoints(const Ruleset& rules) : rules_(&rules) {
  for (Card c : rules.deck.all)
    if (!plain_.add(c, rules.plain_points[c]) || !trump_.add(c, rules.trump_points[c])) card_by_card_ = true;
}

int CardPoints::of(CardSet cards, int trump_suit) const {
  if (card_by_card_) {
    int total = 0;
    for (Card c : cards) total += rules_->points_of(c, trump_suit);
    return total;
  }
  const CardSet in_trump = trump_suit >= 0 ? cards & rules_->deck.suit_mask[size_t(trump_suit)] : CardSet();
  return plain_.of(cards & ~in_trump) + trump_.of(in_trump);
}

}  // namespace hukum
