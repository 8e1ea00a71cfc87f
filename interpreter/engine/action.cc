#include "engine/action.h"

#include <algorithm>
#include <cctype>

#include "ruleset/ruleset.h"

namespace hukum {

Action LegalActions::at(int i) const {
  int n = cards.size();
  if (i < n) return Action{card_kind, cards.nth(i), 0};
  return Action{ActionKind::Extra, kNoCard, words[size_t(i - n)]};
}

bool LegalActions::contains(const Action& a) const {
  if (a.kind == ActionKind::Extra)
    return std::find(words.begin(), words.end(), a.word) != words.end();
  return a.kind == card_kind && a.card != kNoCard && cards.contains(a.card);
}

std::vector<Action> LegalActions::list() const {
  std::vector<Action> out;
  for (int i = 0; i < count(); ++i) out.push_back(at(i));
  return out;
}

std::string action_text(const Ruleset& rules, const Action& a) {
  switch (a.kind) {
    case ActionKind::Play: return rules.deck.card_text(a.card);
    case ActionKind::SetAside: return "hide " + rules.deck.card_text(a.card);
    case ActionKind::Extra: return rules.action_words.at(a.word);
  }
  return "?";
}

static std::string normalized(const std::string& text) {
  std::string out;
  bool space = false;
  for (char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += char(std::tolower(static_cast<unsigned char>(ch)));
  }
  return out;
}

static Card parse_card_any_case(const Ruleset& rules, const std::string& lower) {
  std::string upper = lower;
  for (auto& ch : upper) ch = char(std::toupper(static_cast<unsigned char>(ch)));
  return rules.deck.parse_card(upper);
}

bool parse_action(const Ruleset& rules, const std::string& text, Action* out, std::string* why) {
  std::string t = normalized(text);
  if (t.empty()) {
    *why = "empty action";
    return false;
  }
  for (size_t i = 0; i < rules.action_words.size(); ++i) {
    if (t == rules.action_words[i]) {
      *out = Action{ActionKind::Extra, kNoCard, uint8_t(i)};
      return true;
    }
  }
  ActionKind kind = ActionKind::Play;
  std::string card_part = t;
  if (t.rfind("hide ", 0) == 0) {
    kind = ActionKind::SetAside;
    card_part = t.substr(5);
  }
  Card c = parse_card_any_case(rules, card_part);
  if (c == kNoCard) {
    *why = "'" + text + "' is not an action of this game (a card such as '" +
           rules.deck.card_text(0) + "', 'hide <card>'";
    for (const auto& w : rules.action_words) *why += ", '" + w + "'";
    *why += ")";
    return false;
  }
  *out = Action{kind, c, 0};
  return true;
}

std::string legal_text(const Ruleset& rules, const LegalActions& legal) {
  std::string out;
  for (int i = 0; i < legal.count(); ++i) {
    if (i) out += ", ";
    out += action_text(rules, legal.at(i));
  }
  return out;
}

}  // namespace hukum
