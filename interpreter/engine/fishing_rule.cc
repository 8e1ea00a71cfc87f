// Captures a hook gives (hooks.capture_rule, fishing): when the data cannot
// say which layout cards an arriving card takes (the whole pile, only the
// card laid last, every card of a rank), Lua says it with
// game.capture_sets({{...}, ...}). The answer is a list of sets of layout
// cards; the card takes exactly one of them, chosen like a sum
// (fishing_sum.cc: its player names the cards of the set he wants, one at a
// time, until one set is left), or joins the layout when the list is empty.
// The legal actions, bots, the table, logs and observations read the same
// targets as for the data's captures, so they follow from the answer.
#include "engine/state.h"

namespace hukum {

namespace {

std::string set_text(const Deck& deck, CardSet set) {
  std::string out = "{";
  for (Card c : set) out += (out.size() > 1 ? " " : "") + deck.card_text(c);
  return out + "}";
}

}  // namespace

bool GameState::ask_capture_rule(Card card, bool* decided) {
  *decided = false;
  hook_set_count_ = 0;
  sets_from_hook_ = false;
  HookArgs args;
  args.seat = to_move_;
  args.card = card;
  in_capture_rule_ = true;
  const bool ok = run_event(HookPoint::CaptureRule, args);
  in_capture_rule_ = false;
  if (!ok) return false;
  *decided = sets_from_hook_;
  return true;
}

std::string GameState::capture_sets(const std::vector<CardSet>& sets) {
  if (!in_capture_rule_) return "capture sets are given only in capture_rule";
  if (sets_from_hook_) return "capture sets were already given for this card";
  std::array<CardSet, kMaxCaptureSets> kept{};
  int n = 0;
  for (const CardSet& set : sets) {
    if (set.empty()) return "a capture set needs at least one card";
    if (!(set & ~layout_).empty()) return rules_.deck.card_text((set & ~layout_).first()) + " is not on the layout";
    bool repeated = false;
    for (int i = 0; i < n; ++i) {
      if (kept[size_t(i)] == set) {
        repeated = true;
        break;
      }
      // A set inside another could never be named apart from it: the player
      // names cards until one set is left.
      if ((kept[size_t(i)] & set) == kept[size_t(i)] || (kept[size_t(i)] & set) == set)
        return "capture set " + set_text(rules_.deck, set) + " and " + set_text(rules_.deck, kept[size_t(i)]) +
               " are one inside the other: give sets that each have a card of their own";
    }
    if (repeated) continue;
    if (n == kMaxCaptureSets) return "at most " + std::to_string(kMaxCaptureSets) + " capture sets";
    kept[size_t(n++)] = set;
  }
  hook_sets_ = kept;
  hook_set_count_ = uint8_t(n);
  sets_from_hook_ = true;
  return {};
}

GameState::SumChoice GameState::hook_set_choice(CardSet taken) const {
  SumChoice out;
  CardSet last;
  for (int i = 0; i < hook_set_count_; ++i) {
    const CardSet set = hook_sets_[size_t(i)];
    if ((set & taken) != taken) continue;  // not a set with the cards named so far
    ++out.sets;
    out.cards |= set & ~taken;
    last = set;
  }
  if (out.sets == 1) out.only = last;
  return out;
}

}  // namespace hukum
