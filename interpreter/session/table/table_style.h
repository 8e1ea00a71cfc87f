// How cards look on the terminal table: suit symbols and colour on a terminal,
// plain letters elsewhere. A terminal gets symbols (♠ ♥ ♦ ♣ for decks whose
// suits are S H D C) and red hearts and diamonds unless NO_COLOR is set; a
// pipe or a file gets the canonical text ("10H"), the same as typed input.
#pragma once

#include <string>

#include "core/card.h"

namespace hukum {

struct Ruleset;

struct TableStyle {
  bool symbols = false;
  bool colour = false;

  // The style for output file descriptor `fd`: isatty, TERM not "dumb", NO_COLOR.
  static TableStyle for_terminal(int fd);

  std::string card(const Ruleset& rules, Card c) const;
  std::string suit(const Ruleset& rules, int suit) const;
  // "AS KS 10H" (plain) or "A♠ K♠ 10♥" (styled), in card order.
  std::string cards(const Ruleset& rules, CardSet cards) const;
  // Bold text for headings (colour only).
  std::string bold(const std::string& text) const;
  std::string dim(const std::string& text) const;
};

// Typed input may use the symbols the table shows: "A♠" becomes "AS".
std::string suit_symbols_to_letters(const std::string& text);

}  // namespace hukum
