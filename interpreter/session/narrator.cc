#include "session/narrator.h"

#include <ostream>

#include "session/observation.h"

namespace hukum {

void Narrator::deal_started(int deal_index, int dealer) {
  out_ << "\n== Deal " << deal_index + 1 << ", dealer " << rules_.seat_names[size_t(dealer)] << " ==\n";
}

void Narrator::cards_dealt(int seat, CardSet cards) {
  if (show_hands_ && !cards.empty())
    out_ << "  " << rules_.seat_names[size_t(seat)] << " gets " << cards_text(rules_, cards) << "\n";
}

void Narrator::trump_card_shown(Card card) {
  out_ << "  Trump card shown: " << rules_.deck.card_text(card) << " (returned to the pack)\n";
}

void Narrator::action(int seat, const Action& a) {
  // Card plays are shown with their trick; set-aside cards stay secret.
  // Calls (bids, passes, raises, declarations, hook words) are public.
  if (a.kind == ActionKind::Extra || a.kind == ActionKind::Pass || a.kind == ActionKind::Bid ||
      a.kind == ActionKind::Raise)
    out_ << "  " << rules_.seat_names[size_t(seat)] << ": " << action_text(rules_, a) << "\n";
  else if (rules_.family == Family::Fishing && (a.kind == ActionKind::Play || a.kind == ActionKind::Take))
    out_ << "  " << rules_.seat_names[size_t(seat)] << (a.kind == ActionKind::Play ? " plays " : " chooses ")
         << (a.kind == ActionKind::Play ? rules_.deck.card_text(a.card) : action_text(rules_, a)) << "\n";
  else if (a.kind == ActionKind::SetAside)
    out_ << "  " << rules_.seat_names[size_t(seat)] << " lays a card face down"
         << (show_hands_ ? " (" + rules_.deck.card_text(a.card) + ")" : std::string()) << "\n";
}

void Narrator::trump_set(int suit, int seat) {
  out_ << "  Trump is " << rules_.deck.suits[size_t(suit)];
  if (seat >= 0) out_ << " (by " << rules_.seat_names[size_t(seat)] << ")";
  out_ << "\n";
}

void Narrator::cards_revealed(int seat, CardSet cards) {
  out_ << "  " << rules_.seat_names[size_t(seat)] << "'s face-down card is turned up: "
       << cards_text(rules_, cards) << "\n";
}

void Narrator::trick_done(int number, int winner, const std::vector<std::pair<int, Card>>& cards) {
  out_ << "  Trick " << number << ":";
  for (auto [s, c] : cards) out_ << " " << rules_.seat_names[size_t(s)] << ":" << rules_.deck.card_text(c);
  out_ << "  -> " << rules_.seat_names[size_t(winner)] << "\n";
}

void Narrator::deal_scored(const DealResult& r) {
  if (r.bidder >= 0)
    out_ << "  Contract " << r.contract << " by " << rules_.seat_names[size_t(r.bidder)]
         << (r.declared ? " (" + rules_.declaration.word + ")" : std::string()) << "\n";
  out_ << "  Result: ";
  if (r.winner_team < 0) out_ << "draw";
  else out_ << rules_.team_names[size_t(r.winner_team)] << " win (" << r.name << ")";
  out_ << ";";
  for (size_t t = 0; t < r.points.size(); ++t) {
    out_ << " " << rules_.team_names[t] << " points " << r.points[t];
    if (rules_.family == Family::Fishing) {
      if (t < r.bonus.size() && r.bonus[t] != 0) out_ << " bonus " << r.bonus[t];
      if (t < r.threshold_met.size() && r.threshold_met[t]) out_ << " (threshold met)";
    } else {
      out_ << " tricks " << r.tricks[t];
    }
    out_ << ";";
  }
  // Game points as scored, hook additions (game.add_score) included.
  out_ << " game points";
  for (size_t t = 0; t < r.game_points.size(); ++t) out_ << " " << rules_.team_names[t] << " " << r.game_points[t];
  out_ << "; next dealer " << rules_.seat_names[size_t(r.next_dealer)] << "\n";
}

// Fishing: everything here is public (the layout, turned cards, captures).
void Narrator::layout_dealt(CardSet layout) { out_ << "  Layout: " << cards_text(rules_, layout) << "\n"; }

void Narrator::redealt(const std::string& reason) {
  out_ << "  The layout cannot be played (" << reason << "): all cards are shuffled and dealt again\n";
}

void Narrator::card_flipped(int seat, Card card) {
  out_ << "  " << rules_.seat_names[size_t(seat)] << " turns " << rules_.deck.card_text(card) << "\n";
}

void Narrator::laid_out(int, Card card) {
  out_ << "    " << rules_.deck.card_text(card) << " joins the layout\n";
}

void Narrator::cards_captured(int seat, Card by, CardSet taken) {
  out_ << "    " << rules_.seat_names[size_t(seat)] << " captures " << cards_text(rules_, taken);
  if (by != kNoCard) out_ << " with " << rules_.deck.card_text(by);
  else out_ << " (special)";
  out_ << "\n";
}

}  // namespace hukum
