// See build_text.h.
#include "session/scenarios/build_text.h"

#include <vector>

namespace hukum {

std::string build_text(const Ruleset& rules, const LayoutBuild& build) {
  std::string out = std::to_string(build.value);
  for (Card c : build.cards) out += " " + rules.deck.card_text(c);
  const bool seat = build.owner >= 0 && build.owner < rules.seats;
  return out + " by " + (seat ? rules.seat_names[size_t(build.owner)] : std::string("none"));
}

bool parse_build_text(const Ruleset& rules, const std::string& text, LayoutBuild* out) {
  std::vector<std::string> words;
  std::string word;
  for (char ch : text + " ")
    if (ch == ' ') {
      if (!word.empty()) words.push_back(word), word.clear();
    } else {
      word += ch;
    }
  if (words.size() < 4 || words[words.size() - 2] != "by") return false;
  if (words[0].size() > 2 || words[0].find_first_not_of("0123456789") != std::string::npos) return false;
  LayoutBuild b;
  b.value = int8_t(std::stoi(words[0]));
  for (int s = 0; s < rules.seats; ++s)
    if (rules.seat_names[size_t(s)] == words.back()) b.owner = int8_t(s);
  if (b.owner < 0) return false;
  for (size_t i = 1; i + 2 < words.size(); ++i) {
    const Card card = rules.deck.parse_card(words[i]);
    if (card == kNoCard) return false;
    b.cards.add(card);
  }
  *out = b;
  return true;
}

}  // namespace hukum
