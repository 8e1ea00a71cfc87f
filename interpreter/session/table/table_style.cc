// Card and suit rendering for the terminal table (see table_style.h).
#include "session/table/table_style.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

#include "ruleset/ruleset.h"

namespace hukum {

namespace {

struct SuitLook {
  const char* letter;
  const char* symbol;
  bool red;
};
constexpr SuitLook kLooks[] = {{"S", "\u2660", false}, {"H", "\u2665", true}, {"D", "\u2666", true}, {"C", "\u2663", false}};

const SuitLook* look_of(const std::string& letter) {
  for (const auto& l : kLooks)
    if (letter == l.letter) return &l;
  return nullptr;
}

constexpr const char* kRed = "\x1b[31m";
constexpr const char* kReset = "\x1b[0m";

}  // namespace

TableStyle TableStyle::for_terminal(int fd) {
  TableStyle s;
  const char* term = std::getenv("TERM");
  if (!isatty(fd) || (term && std::strcmp(term, "dumb") == 0)) return s;
  s.symbols = true;
  const char* no_colour = std::getenv("NO_COLOR");
  s.colour = !(no_colour && *no_colour);
  return s;
}

std::string TableStyle::suit(const Ruleset& rules, int suit) const {
  const std::string& letter = rules.deck.suits[size_t(suit)];
  const SuitLook* look = symbols ? look_of(letter) : nullptr;
  if (!look) return letter;
  if (colour && look->red) return std::string(kRed) + look->symbol + kReset;
  return look->symbol;
}

std::string TableStyle::card(const Ruleset& rules, Card c) const {
  if (!symbols || c >= rules.deck.cards.size()) return rules.deck.card_text(c);
  const CardDef& def = rules.deck.cards[c];
  if (!rules.deck.has_suit(c)) return rules.deck.card_text(c);  // a card of no suit: its name
  const std::string& letter = rules.deck.suits[def.suit];
  const SuitLook* look = look_of(letter);
  if (!look) return rules.deck.card_text(c);
  std::string text = rules.deck.ranks[def.rank] + look->symbol;
  if (colour && look->red) return kRed + text + kReset;
  return text;
}

std::string TableStyle::cards(const Ruleset& rules, CardSet set) const {
  std::string out;
  for (Card c : set) {
    if (!out.empty()) out += ' ';
    out += card(rules, c);
  }
  return out;
}

std::string TableStyle::bold(const std::string& text) const {
  return colour ? "\x1b[1m" + text + kReset : text;
}

std::string TableStyle::dim(const std::string& text) const {
  return colour ? "\x1b[2m" + text + kReset : text;
}

std::string suit_symbols_to_letters(const std::string& text) {
  std::string out = text;
  for (const auto& l : kLooks) {
    const std::string symbol = l.symbol;
    for (size_t at = out.find(symbol); at != std::string::npos; at = out.find(symbol, at))
      out.replace(at, symbol.size(), l.letter);
  }
  return out;
}

}  // namespace hukum
