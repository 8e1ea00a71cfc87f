#include "engine/action.h"

#include <algorithm>
#include <cctype>

#include "engine/meld_action.h"
#include "ruleset/ruleset.h"

namespace hukum {

Action LegalActions::call_at(int i) const {
  if (can_pass) {
    if (i == 0) return Action{ActionKind::Pass, kNoCard, 0, 0};
    --i;
  }
  if (can_accept) {
    if (i == 0) return Action{ActionKind::Accept, kNoCard, 0, 0};
    --i;
  }
  if (can_declare) {
    if (i == 0) return Action{ActionKind::Meld, kNoCard, 0, 0};
    --i;
  }
  if (i < int(melds.size())) return melds[size_t(i)];
  i -= int(melds.size());
  if (i < numbers()) return Action{number_kind, kNoCard, 0, number(i)};
  i -= numbers();
  for (int v = 0; v < 32; ++v) {
    if (!((build_values >> v) & 1)) continue;
    if (i == 0) return Action{ActionKind::Build, kNoCard, 0, int16_t(v)};
    --i;
  }
  for (int suit = 0; suit < 8; ++suit) {
    if (!((suits >> suit) & 1)) continue;
    if (i == 0) return Action{ActionKind::Name, kNoCard, 0, int16_t(suit)};
    --i;
  }
  if (i < int(words.size())) return Action{ActionKind::Extra, kNoCard, words[size_t(i)], 0};
  i -= int(words.size());
  const int per_word = numbers_per_word();
  return Action{ActionKind::WordNumber, kNoCard, number_words[size_t(i / per_word)], word_number(i % per_word)};
}

bool LegalActions::contains_call(const Action& a) const {
  switch (a.kind) {
    case ActionKind::Extra: return std::find(words.begin(), words.end(), a.word) != words.end();
    case ActionKind::WordNumber:
      return word_number_allowed(a.value) &&
             std::find(number_words.begin(), number_words.end(), a.word) != number_words.end();
    case ActionKind::Pass: return can_pass;
    case ActionKind::Accept: return can_accept;
    case ActionKind::Meld: return can_declare;
    case ActionKind::DeclareOne: return std::find(melds.begin(), melds.end(), a) != melds.end();
    case ActionKind::Name: return a.value >= 0 && a.value < 8 && ((suits >> a.value) & 1);
    case ActionKind::Build:  // "build 3S" names a card of the build; "build 8" its value
      if (a.card != kNoCard) return a.kind == card_kind && cards.contains(a.card);
      return a.value >= 0 && a.value < 32 && ((build_values >> a.value) & 1);
    case ActionKind::Bid:
    case ActionKind::Raise: return a.kind == number_kind && a.value >= low && a.value <= high && a.value != hole;
    case ActionKind::Play:
    case ActionKind::SetAside:
    case ActionKind::Choose:
    case ActionKind::Exchange:
    case ActionKind::Discard:
    case ActionKind::Take: return a.kind == card_kind && a.card != kNoCard && cards.contains(a.card);
  }
  return false;
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
    case ActionKind::Take: return "take " + rules.deck.card_text(a.card);
    case ActionKind::Build:
      return "build " + (a.card != kNoCard ? rules.deck.card_text(a.card) : std::to_string(a.value));
    case ActionKind::Choose: return "choose " + rules.deck.card_text(a.card);
    case ActionKind::Exchange: return "exchange " + rules.deck.card_text(a.card);
    case ActionKind::Discard: return "discard " + rules.deck.card_text(a.card);
    case ActionKind::Accept: return "accept";
    case ActionKind::Meld: return "declare";
    case ActionKind::DeclareOne: {
      Meld meld;
      if (!meld_of_action(rules, a, &meld)) return "declare ?";
      std::string text = "declare";
      for (Card c : meld_cards_in_order(rules, meld)) text += " " + rules.deck.card_text(c);
      return text;
    }
    case ActionKind::Name:
      return a.value >= 0 && size_t(a.value) < rules.deck.suits.size() ? "name " + rules.deck.suits[size_t(a.value)]
                                                                       : "name ?";
    case ActionKind::Extra:  // an out-of-range word is refused by try_apply, which names it with this
      return a.word < rules.action_words.size() ? rules.action_words[a.word]
                                                : "(action word #" + std::to_string(a.word) + ")";
    case ActionKind::WordNumber:
      return (a.word < rules.action_words.size() ? rules.action_words[a.word]
                                                 : "(action word #" + std::to_string(a.word) + ")") +
             " " + std::to_string(a.value);
    case ActionKind::Pass: return "pass";
    case ActionKind::Bid: return "bid " + std::to_string(a.value);
    case ActionKind::Raise: return "raise " + std::to_string(a.value);
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

// With `hook_words` false the ruleset's action words are not read, so that a
// word the engine also has ("pass", "accept") takes the engine's meaning.
static bool parse_text(const Ruleset& rules, const std::string& text, Action* out, std::string* why, bool hook_words) {
  std::string t = normalized(text);
  if (t.empty()) {
    *why = "empty action";
    return false;
  }
  for (size_t i = 0; hook_words && i < rules.action_words.size(); ++i) {
    if (t == rules.action_words[i]) {
      *out = Action{ActionKind::Extra, kNoCard, uint8_t(i)};
      return true;
    }
  }
  if (t == "pass") {
    *out = Action{ActionKind::Pass, kNoCard, 0, 0};
    return true;
  }
  if (t.rfind("declare ", 0) == 0) {
    std::string cards = t.substr(8);
    for (auto& ch : cards) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    return parse_meld_action(rules, cards, out, why);
  }
  if (t == "accept" || t == "declare") {
    *out = Action{t == "accept" ? ActionKind::Accept : ActionKind::Meld, kNoCard, 0, 0};
    return true;
  }
  if (t.rfind("name ", 0) == 0) {
    std::string letter = t.substr(5);
    for (auto& ch : letter) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    const int suit = rules.deck.suit_index(letter);
    if (suit < 0) {
      *why = "'" + text + "': a suit letter must follow 'name' (e.g. 'name " + rules.deck.suits[0] + "')";
      return false;
    }
    *out = Action{ActionKind::Name, kNoCard, 0, int16_t(suit)};
    return true;
  }
  for (auto [prefix, number_kind] : {std::pair{"bid ", ActionKind::Bid}, std::pair{"raise ", ActionKind::Raise}}) {
    if (t.rfind(prefix, 0) != 0) continue;
    const std::string digits = t.substr(std::string(prefix).size());
    if (digits.empty() || digits.size() > 4 || digits.find_first_not_of("0123456789") != std::string::npos) {
      *why = "'" + text + "': a number must follow '" + std::string(prefix) + "' (e.g. '" + prefix + "16')";
      return false;
    }
    *out = Action{number_kind, kNoCard, 0, int16_t(std::stoi(digits))};
    return true;
  }
  // "word n": an action word with a whole number (game.ask_number).
  if (const size_t space = t.find(' '); space != std::string::npos) {
    const std::string head = t.substr(0, space), number = t.substr(space + 1);
    for (size_t i = 0; i < rules.action_words.size(); ++i) {
      if (head != rules.action_words[i]) continue;
      const size_t digits = number.size() - (number.rfind('-', 0) == 0 ? 1 : 0);
      if (digits == 0 || digits > 4 || number.find_first_not_of("0123456789", number.size() - digits) != std::string::npos) {
        *why = "'" + text + "': a whole number must follow '" + head + "' (e.g. '" + head + " 1')";
        return false;
      }
      *out = Action{ActionKind::WordNumber, kNoCard, uint8_t(i), int16_t(std::stoi(number))};
      return true;
    }
  }
  ActionKind kind = ActionKind::Play;
  std::string card_part = t;
  if (t.rfind("hide ", 0) == 0) {
    kind = ActionKind::SetAside;
    card_part = t.substr(5);
  } else if (t.rfind("build ", 0) == 0) {
    kind = ActionKind::Build;
    card_part = t.substr(6);
    // "build 8": a value (a card text never is digits alone).
    if (!card_part.empty() && card_part.size() <= 2 && card_part.find_first_not_of("0123456789") == std::string::npos) {
      *out = Action{ActionKind::Build, kNoCard, 0, int16_t(std::stoi(card_part))};
      return true;
    }
  } else if (t.rfind("take ", 0) == 0) {
    kind = ActionKind::Take;
    card_part = t.substr(5);
  } else if (t.rfind("choose ", 0) == 0) {
    kind = ActionKind::Choose;
    card_part = t.substr(7);
  } else if (t.rfind("exchange ", 0) == 0) {
    kind = ActionKind::Exchange;
    card_part = t.substr(9);
  } else if (t.rfind("discard ", 0) == 0) {
    kind = ActionKind::Discard;
    card_part = t.substr(8);
  }
  Card c = parse_card_any_case(rules, card_part);
  if (c == kNoCard) {
    *why = "'" + text + "' is not an action of this game (a card such as '" +
           rules.deck.card_text(0) + "', 'hide <card>', 'pass', 'bid <n>', 'raise <n>'";
    for (const auto& w : rules.action_words) *why += ", '" + w + "'";
    *why += ")";
    return false;
  }
  *out = Action{kind, c, 0};
  return true;
}

bool parse_action(const Ruleset& rules, const std::string& text, Action* out, std::string* why) {
  return parse_text(rules, text, out, why, true);
}

bool parse_action(const Ruleset& rules, const std::string& text, const LegalActions& legal, Action* out,
                  std::string* why) {
  if (!parse_text(rules, text, out, why, true)) return false;
  if (legal.contains(*out)) return true;
  // A card written without its copy number ("AS" with two packs): the first
  // copy the decision allows, so a player need not tell copies apart.
  if (out->card < rules.deck.cards.size() && text.find('#') == std::string::npos) {
    const CardDef& def = rules.deck.cards[out->card];
    for (size_t c = out->card + 1u; c < rules.deck.cards.size(); ++c) {
      const CardDef& other = rules.deck.cards[c];
      Action copy = *out;
      copy.card = Card(c);
      if (other.suit == def.suit && other.rank == def.rank && legal.contains(copy)) {
        *out = copy;
        return true;
      }
    }
  }
  if (out->kind != ActionKind::Extra) return true;
  // A hook's word that is also an engine word (a Lua bidding's "pass", a
  // built-in step's "pass"): the reading that is legal now.
  Action engine_reading;
  std::string ignored;
  if (parse_text(rules, text, &engine_reading, &ignored, false) && legal.contains(engine_reading)) *out = engine_reading;
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
