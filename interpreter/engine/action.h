// An action is a small value; its canonical text ("10H", "hide 5D", "reveal")
// is what legal-action lists print and what every input (terminal, scenario,
// log, protocol) accepts. Extra actions are words a ruleset's hooks offer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/card.h"

namespace hukum {

struct Ruleset;

enum class ActionKind : uint8_t {
  Play,      // play a card to the trick: "10H"
  SetAside,  // lay a card face down out of the hand: "hide 5D"
  Extra,     // a word offered by a hook: "reveal"
};

struct Action {
  ActionKind kind = ActionKind::Play;
  Card card = kNoCard;
  uint8_t word = 0;  // Extra: index into the ruleset's action words (sorted)
  bool operator==(const Action&) const = default;
};

// The legal actions of one decision: a card set for the card actions (one
// kind at a time) plus the offered extra words. Cheap to fill on the hot path.
struct LegalActions {
  ActionKind card_kind = ActionKind::Play;
  CardSet cards;
  std::vector<uint8_t> words;
  int count() const { return cards.size() + int(words.size()); }
  // The i-th action in canonical order: cards by ascending index, then words.
  Action at(int i) const;
  bool contains(const Action& a) const;
  std::vector<Action> list() const;
};

std::string action_text(const Ruleset& rules, const Action& a);
// Parses canonical text (case-insensitive, surrounding spaces ignored). Returns
// false and a reason when the text names no action of this ruleset.
bool parse_action(const Ruleset& rules, const std::string& text, Action* out, std::string* why);
// "10H, 9H, reveal" in canonical order.
std::string legal_text(const Ruleset& rules, const LegalActions& legal);

}  // namespace hukum
