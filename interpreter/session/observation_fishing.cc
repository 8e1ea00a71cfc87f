// The terminal view of a fishing game: the layout, the stock's size, a card
// waiting for a choice of target, every capture pile (public) with its points,
// the match scores, the hand by suit and the legal actions.
#include "session/observation.h"

namespace hukum {

std::string fishing_observation_text(const Ruleset& rules, const Observation& o) {
  const auto& seat = [&](int s) { return rules.seat_names[size_t(s)]; };
  std::string out = "Deal " + std::to_string(o.deal_index + 1) + ", dealer " + seat(o.dealer) + ". You are " +
                    seat(o.seat) + ".\n";
  out += "Layout: " + (o.layout.empty() ? std::string("(empty)") : cards_text(rules, o.layout)) +
         "   Stock: " + std::to_string(o.stock_count) + " cards\n";
  if (o.pending != kNoCard) out += "Capturing with: " + rules.deck.card_text(o.pending) + " (choose a target)\n";
  out += "Captured:";
  for (size_t s = 0; s < o.captured.size(); ++s) {
    int points = 0;
    for (Card c : o.captured[s]) points += rules.plain_points[c];
    out += " " + rules.seat_names[s] + " " + std::to_string(o.captured[s].size()) + " cards/" +
           std::to_string(points) + " pts;";
  }
  out += "   Match:";
  for (size_t t = 0; t < o.match_scores.size(); ++t)
    out += " " + rules.team_names[t] + " " + std::to_string(o.match_scores[t]);
  out += "\nHand:";
  for (size_t suit = 0; suit < rules.deck.suits.size(); ++suit) {
    CardSet in_suit = o.hand & rules.deck.suit_mask[suit];
    if (!in_suit.empty()) out += "  " + cards_text(rules, in_suit);
  }
  out += "\n";
  if (o.legal.count() > 0) out += "Legal: " + legal_text(rules, o.legal) + "\n";
  return out;
}

}  // namespace hukum
