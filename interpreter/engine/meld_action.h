// One meld as an action ("declare KH QH JH"): the encoding that lets a player
// declare his melds one at a time. An Action holds a card and two small
// numbers, so a meld is written as an anchor card plus what rebuilds the rest
// from the ruleset: a sequence by its first card in sequence order and its
// length, a set by its rank and suits, a group by its suit and rule.
#pragma once

#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/events.h"

namespace hukum {

// The action declaring `meld` alone.
Action meld_action(const Ruleset& rules, const Meld& meld);
// The meld an action names (kind, rule, cards; no seat nor value), or false
// when it names none of this ruleset.
bool meld_of_action(const Ruleset& rules, const Action& action, Meld* out);
// The meld's name as the ruleset gives it (melds.sequences.name, a set's or
// a group's name, a named meld's); "?" for a rule the ruleset does not have.
const char* meld_name(const Ruleset& rules, const Meld& meld);
// The meld's cards in the order it reads: a sequence in sequence order, others by card.
std::vector<Card> meld_cards_in_order(const Ruleset& rules, const Meld& meld);
// Reads "declare <card> <card> ..." (the words after "declare", cards already
// upper case): the meld those cards form, or false with the reason.
bool parse_meld_action(const Ruleset& rules, const std::string& cards_text, Action* out, std::string* why);

}  // namespace hukum
