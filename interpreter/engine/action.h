// An action is a small value; its canonical text ("10H", "hide 5D", "reveal")
// is what legal-action lists print and what every input (terminal, scenario,
// log, protocol) accepts. Extra actions are words a ruleset's hooks offer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/card.h"

namespace hukum {

struct Ruleset;

enum class ActionKind : uint8_t {
  Play,      // play a card to the trick: "10H"
  SetAside,  // lay a card face down out of the hand: "hide 5D"
  Extra,     // a word offered by a hook or a declaration, such as "reveal"
  Pass,      // decline to bid, raise or declare: "pass"
  Bid,       // a bid in an auction: "bid 16"
  Raise,     // raise the contract: "raise 24"
  Take,      // fishing: choose which layout card to capture: "take 5H"
  Choose,    // a simultaneous choice of cards (deal step `choose`): "choose 5H"
  WordNumber,  // a word asked for with a number (game.ask_number): "atas 2"
  Accept,    // accept the turned-up card's suit as trump (deal step `trump_auction`): "accept"
  Name,      // name a suit as trump (deal step `trump_auction`): "name H"; value = suit index
  Exchange,  // swap a card of the hand for the turned-up card (deal step `exchange`): "exchange 7D"
  Meld,      // declare one's melds (deal step `melds`): "declare"
  Discard,   // lay a card of the hand face down, out of the deal (deal step `take_turn_up`): "discard 9C"
  DeclareOne,  // declare one of one's melds (deal step `melds`): "declare KH QH JH" (engine/meld_action.h)
  Build,     // fishing.builds: build for a value, "build 8" (value), then name its cards, "build 3S" (card)
};

struct Action {
  ActionKind kind = ActionKind::Play;
  Card card = kNoCard;
  uint8_t word = 0;   // Extra, WordNumber: index into the ruleset's action words (sorted)
  int16_t value = 0;  // Bid, Raise, WordNumber: the number
  bool operator==(const Action&) const = default;
};

// A call of an auction, as the deal's record keeps it (public).
struct SaidCall {
  int8_t seat = -1;
  Action action;
  bool operator==(const SaidCall&) const = default;
};

// The legal actions of one decision: a card set for the card actions (one
// kind at a time), "pass", a range of numbers (bids or raises) and the offered
// words. Cheap to fill on the hot path.
struct LegalActions {
  ActionKind card_kind = ActionKind::Play;
  CardSet cards;
  bool can_pass = false;
  ActionKind number_kind = ActionKind::Bid;
  int16_t low = 1, high = 0;  // numbers low..high; none when low > high
  // One number of low..high that is not legal (a last bid that may not make
  // the bids add up to the tricks); kNoHole when there is none.
  static constexpr int16_t kNoHole = INT16_MIN;
  int16_t hole = kNoHole;
  std::vector<uint8_t> words;
  bool has_hole() const { return hole >= low && hole <= high; }
  int numbers() const { return high >= low ? high - low + 1 - int(has_hole()) : 0; }
  // The i-th legal number, ascending (0 <= i < numbers()).
  int16_t number(int i) const {
    const int16_t n = int16_t(low + i);
    return has_hole() && n >= hole ? int16_t(n + 1) : n;
  }
  // Words asked for with a number: "word n" for each word and each n in
  // word_low..word_high, or only the numbers of word_values when it has any
  // (ascending: a list of bids such as 18, 20, 22, 23, or a range by steps of 10).
  std::vector<uint8_t> number_words;
  int16_t word_low = 1, word_high = 0;
  std::vector<int16_t> word_values;
  int numbers_per_word() const {
    return !word_values.empty() ? int(word_values.size()) : word_high >= word_low ? word_high - word_low + 1 : 0;
  }
  int word_numbers() const { return numbers_per_word() * int(number_words.size()); }
  // The i-th number of each word, ascending (0 <= i < numbers_per_word()).
  int16_t word_number(int i) const { return word_values.empty() ? int16_t(word_low + i) : word_values[size_t(i)]; }
  bool word_number_allowed(int n) const {
    if (!word_values.empty()) return std::binary_search(word_values.begin(), word_values.end(), int16_t(n));
    return n >= word_low && n <= word_high;
  }
  bool can_accept = false;   // "accept"
  bool can_declare = false;  // "declare": every meld still undeclared
  std::vector<Action> melds;  // "declare <cards>": one meld each (DeclareOne)
  uint8_t suits = 0;         // "name <suit>": a bit per suit index
  uint32_t build_values = 0;  // "build <n>": a bit per build value (fishing.builds)
  // True only when the engine (GameState::update_legal) filled these actions
  // with cards alone: no pass, number, word, meld or suit, every such field as
  // clear() leaves it. Then count() and a random pick read the cards and skip
  // the dozen tests of the other kinds, on every turn of trick play. False is
  // always correct; whoever adds a non-card action must leave it false.
  bool cards_only = false;
  int count() const {
    if (cards_only) return cards.size();
    // The suits named are counted only when there are some: a select would
    // count the bits of an empty byte on every turn of play.
    int n = cards.size() + int(can_pass) + int(can_accept) + int(can_declare) + int(melds.size()) + numbers() +
            int(words.size()) + word_numbers();
    if (suits) [[unlikely]] n += popcount64(suits);
    if (build_values) [[unlikely]] n += popcount64(build_values);
    return n;
  }
  // No action at all (count() == 0, without counting: checked on every turn).
  bool empty() const {
    return cards.empty() && !can_pass && !can_accept && !can_declare && melds.empty() && numbers() == 0 && suits == 0 &&
           build_values == 0 && words.empty() && (number_words.empty() || word_high < word_low);
  }
  // The i-th action in canonical order: cards by ascending index, "pass",
  // "accept", "declare", each "declare <cards>", numbers ascending, "build <n>" ascending, "name <suit>" by suit index, words,
  // then each numbered word with its numbers ascending.
  // Cards first, inline: a random player calls this on every turn, and the
  // Action it builds stays in registers in the caller.
  HUKUM_INLINE Action at(int i) const {
    // nth() finds whether there is an i-th card without counting the cards first.
    const Card c = cards.nth(i);
    if (c != kNoCard) [[likely]] return Action{card_kind, c, 0, 0};
    return call_at(i - cards.size());
  }
  void clear() {
    cards = CardSet();
    can_pass = false;
    low = 1, high = 0;
    hole = kNoHole;
    words.clear();
    number_words.clear();
    word_low = 1, word_high = 0;
    word_values.clear();
    can_accept = can_declare = false;
    melds.clear();
    suits = 0;
    build_values = 0;
    cards_only = false;
  }
  // A card of this turn's card kind is checked inline (every turn of random
  // play); anything else by the table of kinds.
  bool contains(const Action& a) const {
    if (a.kind == card_kind) return a.card < kMaxCards && cards.contains(a.card);
    return contains_call(a);
  }
  bool contains_call(const Action& a) const;  // contains() for calls, words and other kinds
  Action call_at(int i) const;  // at(cards.size() + i): the calls and words after the cards
  std::vector<Action> list() const;
  bool operator==(const LegalActions&) const = default;  // every field (the deal-reset test)
};

std::string action_text(const Ruleset& rules, const Action& a);
// Parses canonical text (case-insensitive, surrounding spaces ignored). Returns
// false and a reason when the text names no action of this ruleset.
bool parse_action(const Ruleset& rules, const std::string& text, Action* out, std::string* why);
// The same for the decision at hand: when the text is both a hook's word and
// an engine word ("pass" of a Lua bidding and of the kitty step), the reading
// that `legal` holds. What a player, a scenario, a log or an agent types.
bool parse_action(const Ruleset& rules, const std::string& text, const LegalActions& legal, Action* out,
                  std::string* why);
// "10H, 9H, reveal" in canonical order.
std::string legal_text(const Ruleset& rules, const LegalActions& legal);

}  // namespace hukum
