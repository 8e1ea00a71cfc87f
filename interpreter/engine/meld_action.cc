// See meld_action.h.
#include "engine/meld_action.h"

#include <algorithm>
#include <sstream>

#include "ruleset/ruleset.h"

namespace hukum {

namespace {

enum MeldCode : uint8_t { kSequence = 0, kSet = 1, kGroup = 2 };

Card card_at(const Deck& deck, int suit, int rank) {
  for (size_t c = 0; c < deck.cards.size(); ++c)
    if (deck.cards[c].suit == suit && deck.cards[c].rank == rank) return Card(c);
  return kNoCard;
}

Card lowest(CardSet cards) { return cards.empty() ? kNoCard : cards.nth(0); }

}  // namespace

Action meld_action(const Ruleset& rules, const Meld& meld) {
  const Deck& deck = rules.deck;
  Action a{ActionKind::DeclareOne, kNoCard, 0, 0};
  switch (meld.kind) {
    case Meld::Kind::Sequence: {
      int first = INT32_MAX;  // the card earliest in sequence order
      for (Card c : meld.cards) {
        const int pos = rules.melds.sequence_position[deck.cards[c].rank];
        if (pos < first) first = pos, a.card = c;
      }
      a.word = kSequence;
      a.value = int16_t(meld.cards.size());
      break;
    }
    case Meld::Kind::Set: {
      int suits = 0;
      for (Card c : meld.cards) suits |= 1 << deck.cards[c].suit;
      a.card = lowest(meld.cards);
      a.word = kSet;
      a.value = int16_t(meld.rule | (suits << 4));
      break;
    }
    case Meld::Kind::Group:
      a.card = lowest(meld.cards);
      a.word = kGroup;
      a.value = meld.rule;
      break;
    case Meld::Kind::Named:  // declared by a hook, never offered as an action
      break;
  }
  return a;
}

bool meld_of_action(const Ruleset& rules, const Action& a, Meld* out) {
  const Deck& deck = rules.deck;
  const MeldRules& m = rules.melds;
  if (a.kind != ActionKind::DeclareOne || a.card >= deck.cards.size()) return false;
  const int suit = deck.cards[a.card].suit, rank = deck.cards[a.card].rank;
  Meld meld;
  switch (a.word) {
    case kSequence: {
      const int pos = m.sequence_position[size_t(rank)];
      if (pos < 0 || a.value < 2 || pos + a.value > int(m.sequence_order.size())) return false;
      meld.kind = Meld::Kind::Sequence;
      for (int k = 0; k < a.value; ++k) {
        const Card c = card_at(deck, suit, m.sequence_order[size_t(pos + k)]);
        if (c == kNoCard) return false;
        meld.cards.add(c);
      }
      break;
    }
    case kSet: {
      const int rule = a.value & 15, suits = a.value >> 4;
      if (rule >= int(m.sets.size())) return false;
      meld.kind = Meld::Kind::Set, meld.rule = uint8_t(rule);
      for (int s = 0; s < int(deck.suits.size()); ++s) {
        if (!((suits >> s) & 1)) continue;
        const Card c = card_at(deck, s, rank);
        if (c == kNoCard) return false;
        meld.cards.add(c);
      }
      if (meld.cards.size() != m.sets[size_t(rule)].count) return false;
      break;
    }
    case kGroup: {
      if (a.value < 0 || a.value >= int(m.groups.size())) return false;
      meld.kind = Meld::Kind::Group, meld.rule = uint8_t(a.value);
      const MeldRules::Group& group = m.groups[size_t(a.value)];
      for (int r : group.ranks) {
        const Card c = card_at(deck, suit, r);
        if (c == kNoCard) return false;
        meld.cards.add(c);
      }
      for (const auto& [face_suit, face_rank] : group.faces) {  // a group of cards: its own cards
        const Card c = card_at(deck, face_suit, face_rank);
        if (c == kNoCard) return false;
        meld.cards.add(c);
      }
      break;
    }
    default: return false;
  }
  *out = meld;
  return true;
}

bool parse_meld_action(const Ruleset& rules, const std::string& cards_text, Action* out, std::string* why) {
  const Deck& deck = rules.deck;
  const MeldRules& m = rules.melds;
  std::istringstream in(cards_text);
  CardSet cards;
  int count = 0;
  for (std::string word; in >> word; ++count) {
    const Card c = deck.parse_card(word);
    if (c == kNoCard || cards.contains(c)) {
      *why = "'declare " + cards_text + "': '" + word + "' is " + (c == kNoCard ? "not a card" : "named twice");
      return false;
    }
    cards.add(c);
  }
  bool one_rank = true, one_suit = true;
  for (Card c : cards) {
    one_rank &= deck.cards[c].rank == deck.cards[cards.nth(0)].rank;
    one_suit &= deck.cards[c].suit == deck.cards[cards.nth(0)].suit;
  }
  Meld meld;
  meld.cards = cards;
  bool found = false;
  if (count >= 2 && one_rank) {
    // The set rule of this many cards that takes this rank (sets may differ
    // by rank only: four jacks, four nines, four of the others).
    const int rank = deck.cards[cards.nth(0)].rank;
    for (size_t i = 0; i < m.sets.size() && !found; ++i) {
      const auto& ranks = m.sets[i].ranks;
      if (m.sets[i].count == count && (ranks.empty() || std::find(ranks.begin(), ranks.end(), rank) != ranks.end()))
        meld.kind = Meld::Kind::Set, meld.rule = uint8_t(i), found = true;
    }
  } else if (count >= 1) {
    // A group: its ranks in the suit of these cards, or its own cards; else a run.
    for (size_t i = 0; i < m.groups.size() && !found; ++i) {
      CardSet group;
      if (one_suit)
        for (int r : m.groups[i].ranks) group.add(card_at(deck, deck.cards[cards.nth(0)].suit, r));
      for (const auto& [suit, rank] : m.groups[i].faces) group.add(card_at(deck, suit, rank));
      if (group == cards) meld.kind = Meld::Kind::Group, meld.rule = uint8_t(i), found = true;
    }
    if (!found && count >= 2 && one_suit && !m.sequence_values.empty()) meld.kind = Meld::Kind::Sequence, found = true;
  }
  Meld rebuilt;
  if (found) {
    *out = meld_action(rules, meld);
    found = meld_of_action(rules, *out, &rebuilt) && rebuilt.cards == cards && rebuilt.kind == meld.kind;
  }
  if (!found) *why = "'declare " + cards_text + "' names no meld of this game (a sequence, a set or a group, its cards separated by spaces)";
  return found;
}

}  // namespace hukum
