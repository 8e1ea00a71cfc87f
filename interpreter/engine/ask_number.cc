// A question with a numeric answer, asked by a hook between tricks (or before
// the first lead): one seat must choose one of the ruleset's action words
// together with a whole number in a bounded range, or from a list (bid values
// such as 18, 20, 22, 23, ...), typed as "word n" (a direction and an amount, a count
// of tricks, a multiplier, a bid). The chosen word's
// action hook then runs with (seat, n). Only the asked seat moves, so nobody
// else can answer, and the range is part of the legal actions: every answer
// is listed, checked and logged like any other action.
#include <algorithm>

#include "engine/state.h"

namespace hukum {

// The action words of a numbered question, as indexes, or why one is not one.
static std::string asked_words(const Ruleset& rules, const std::vector<std::string>& words, std::vector<uint8_t>* out) {
  if (words.empty()) return "ask_number needs at least one action word";
  for (const auto& w : words) {
    auto it = std::find(rules.action_words.begin(), rules.action_words.end(), w);
    if (it == rules.action_words.end() || int(it - rules.action_words.begin()) == rules.declaration_word)
      return "'" + w + "' is not an action of this ruleset (hooks.actions)";
    const uint8_t word = uint8_t(it - rules.action_words.begin());
    if (std::find(out->begin(), out->end(), word) == out->end()) out->push_back(word);
  }
  return {};
}

// A range is the list of its numbers: checked here for what only a range can
// get wrong (empty, too wide), then asked like any list.
std::string GameState::ask_number(int seat, const std::vector<std::string>& words, int low, int high) {
  if (auto why = may_ask(seat); !why.empty()) return why;
  if (words.empty()) return "ask_number needs at least one action word";
  if (low > high) return "the range " + std::to_string(low) + ".." + std::to_string(high) + " is empty";
  if (low < -kMaxAskedNumber || high > kMaxAskedNumber)
    return "the numbers asked for must lie within -" + std::to_string(kMaxAskedNumber) + ".." +
           std::to_string(kMaxAskedNumber);
  if ((int64_t(high) - low + 1) * int64_t(words.size()) > kMaxAskedAnswers)
    return "a question may offer at most " + std::to_string(kMaxAskedAnswers) + " answers";
  std::vector<int> values;
  for (int n = low; n <= high; ++n) values.push_back(n);
  return ask_number_of(seat, words, values);
}

// Only the listed numbers (game.ask_number(seat, {18, 20, 22}, word)): kept
// ascending and without repeats, so each answer is listed once, in order. A
// list without gaps is kept as its range (the legal actions say "from 1 to 13").
std::string GameState::ask_number_of(int seat, const std::vector<std::string>& words, const std::vector<int>& values) {
  if (auto why = may_ask(seat); !why.empty()) return why;
  if (words.empty()) return "ask_number needs at least one action word";
  if (values.empty()) return "the list of numbers is empty";
  for (int v : values)
    if (v < -kMaxAskedNumber || v > kMaxAskedNumber)
      return "the numbers asked for must lie within -" + std::to_string(kMaxAskedNumber) + ".." +
             std::to_string(kMaxAskedNumber);
  std::vector<int16_t> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  if (int64_t(sorted.size()) * int64_t(words.size()) > kMaxAskedAnswers)
    return "a question may offer at most " + std::to_string(kMaxAskedAnswers) + " answers";
  std::vector<uint8_t> asked;
  if (auto why = asked_words(rules_, words, &asked); !why.empty()) return why;
  if (!adds_to_question(seat)) offers_.clear(), ask_cards_ = CardSet();  // words asked of this seat in this hook stay
  asked_seat_ = seat;
  to_move_ = seat;
  number_offers_ = asked;
  number_low_ = sorted.front();
  number_high_ = sorted.back();
  const bool gapless = int(sorted.size()) == number_high_ - number_low_ + 1;
  number_values_ = gapless ? std::vector<int16_t>() : std::move(sorted);
  offers_exclusive_ = true;
  return {};
}

// A question with a card for an answer: `seat` chooses one of `cards` (from
// its hand), typed `choose <card>` and logged as a hidden action (the others
// see that it chose, the hook decides what becomes of the card).
std::string GameState::ask_card(int seat, const std::string& word, CardSet cards) {
  if (auto why = may_ask(seat); !why.empty()) return why;
  if (cards.empty()) return "ask_card needs at least one card to choose from";
  if (!(cards & ~hand_[size_t(seat)]).empty())
    return rules_.deck.card_text((cards & ~hand_[size_t(seat)]).first()) + " is not in " +
           rules_.seat_names[size_t(seat)] + "'s hand";
  auto it = std::find(rules_.action_words.begin(), rules_.action_words.end(), word);
  if (it == rules_.action_words.end() || int(it - rules_.action_words.begin()) == rules_.declaration_word)
    return "'" + word + "' is not an action of this ruleset (hooks.actions)";
  asked_seat_ = seat;
  to_move_ = seat;
  offers_.clear();
  number_offers_.clear();
  offers_exclusive_ = true;
  ask_cards_ = cards;
  ask_card_word_ = uint8_t(it - rules_.action_words.begin());
  return {};
}

}  // namespace hukum
