// A question with a numeric answer, asked by a hook between tricks (or before
// the first lead): one seat must choose one of the ruleset's action words
// together with a whole number in a bounded range, typed as "word n" (a
// direction and an amount, a count of tricks, a multiplier). The chosen word's
// action hook then runs with (seat, n). Only the asked seat moves, so nobody
// else can answer, and the range is part of the legal actions: every answer
// is listed, checked and logged like any other action.
#include <algorithm>

#include "engine/state.h"

namespace hukum {

std::string GameState::ask_number(int seat, const std::vector<std::string>& words, int low, int high) {
  if (auto why = may_ask(seat); !why.empty()) return why;
  if (words.empty()) return "ask_number needs at least one action word";
  if (low > high) return "the range " + std::to_string(low) + ".." + std::to_string(high) + " is empty";
  if (low < -kMaxAskedNumber || high > kMaxAskedNumber)
    return "the numbers asked for must lie within -" + std::to_string(kMaxAskedNumber) + ".." +
           std::to_string(kMaxAskedNumber);
  if ((int64_t(high) - low + 1) * int64_t(words.size()) > kMaxAskedAnswers)
    return "a question may offer at most " + std::to_string(kMaxAskedAnswers) + " answers";
  std::vector<uint8_t> asked;
  for (const auto& w : words) {
    auto it = std::find(rules_.action_words.begin(), rules_.action_words.end(), w);
    if (it == rules_.action_words.end() || int(it - rules_.action_words.begin()) == rules_.declaration_word)
      return "'" + w + "' is not an action of this ruleset (hooks.actions)";
    const uint8_t word = uint8_t(it - rules_.action_words.begin());
    if (std::find(asked.begin(), asked.end(), word) == asked.end()) asked.push_back(word);
  }
  asked_seat_ = seat;
  to_move_ = seat;
  offers_.clear();
  number_offers_ = asked;
  number_low_ = int16_t(low);
  number_high_ = int16_t(high);
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
