// Narration of a match for people, and the end-of-deal review (see narrator.h).
#include "session/table/narrator.h"

#include <algorithm>
#include <ostream>

#include "engine/combinations.h"
#include "ruleset/doc.h"
#include "session/observation/observation.h"

namespace hukum {

void Narrator::deal_started(int deal_index, int dealer) {
  tricks_.clear();
  taken_.assign(size_t(rules_.seats), CardSet());
  trump_ = -1;
  deal_ = deal_index;
  out_ << "\n== Deal " << deal_index + 1 << ", dealer " << rules_.seat_names[size_t(dealer)] << " ==\n";
}

void Narrator::cards_dealt(int seat, CardSet cards) {
  if (show_hands_ && !cards.empty())
    out_ << "  " << rules_.seat_names[size_t(seat)] << " gets " << style_.cards(rules_, cards) << "\n";
}

void Narrator::trump_card_shown(Card card) {
  out_ << "  Trump card shown: " << style_.card(rules_, card) << " (returned to the pack)\n";
}

void Narrator::action(int seat, const Action& a) {
  // Card plays are shown with their trick; set-aside cards stay secret.
  // Calls (bids, passes, raises, declarations, hook words) are public.
  if (a.kind == ActionKind::Extra || a.kind == ActionKind::WordNumber || a.kind == ActionKind::Pass || a.kind == ActionKind::Bid ||
      a.kind == ActionKind::Raise || a.kind == ActionKind::Accept || a.kind == ActionKind::Name)
    out_ << "  " << rules_.seat_names[size_t(seat)] << ": " << action_text(rules_, a) << "\n";
  else if (rules_.family == Family::Fishing && (a.kind == ActionKind::Play || a.kind == ActionKind::Take))
    out_ << "  " << rules_.seat_names[size_t(seat)] << (a.kind == ActionKind::Play ? " plays " : " chooses ")
         << (a.kind == ActionKind::Play ? "" : "to take ") << style_.card(rules_, a.card) << "\n";
  else if (a.kind == ActionKind::SetAside || a.kind == ActionKind::Choose || a.kind == ActionKind::Discard)
    out_ << "  " << rules_.seat_names[size_t(seat)]
         << (a.kind == ActionKind::Choose    ? " chooses a card face down"
             : a.kind == ActionKind::Discard ? " has taken the turn-up and discards a card face down"
                                             : " lays a card face down")
         << (show_hands_ ? " (" + style_.card(rules_, a.card) + ")" : std::string()) << "\n";
}

void Narrator::trump_set(int suit, int seat) {
  trump_ = suit;
  out_ << "  Trump is " << style_.suit(rules_, suit);
  if (seat >= 0) out_ << " (by " << rules_.seat_names[size_t(seat)] << ")";
  out_ << "\n";
}

void Narrator::trump_order_set(int order, int seat) {
  const TrumpOrder& o = rules_.play.trump_orders[size_t(order)];
  out_ << "  The deal is played as " << o.name << " (";
  if (o.view.trumps.empty()) out_ << "no trump";
  else {
    out_ << "trumps";
    for (Card c : trumps_high_to_low(o.view)) out_ << " " << style_.card(rules_, c);
  }
  out_ << ")";
  if (seat >= 0) out_ << " (by " << rules_.seat_names[size_t(seat)] << ")";
  out_ << "\n";
}

void Narrator::cards_revealed(int seat, CardSet cards) {
  out_ << "  " << rules_.seat_names[size_t(seat)] << "'s face-down card is turned up: "
       << style_.cards(rules_, cards) << "\n";
}

void Narrator::cards_shown(int seat, CardSet cards) {
  out_ << "  " << rules_.seat_names[size_t(seat)] << " lays " << (cards.size() == 1 ? "a card" : "cards")
       << " face up: " << style_.cards(rules_, cards) << "\n";
}

void Narrator::controller_set(int seat, int by) {
  out_ << "  " << rules_.seat_names[size_t(by)]
       << (seat == by ? " plays its own cards again" : " plays " + rules_.seat_names[size_t(seat)] + "'s cards")
       << "\n";
}

// "Sides this deal: N against E, W".
void Narrator::sides_set(const std::vector<int>& side_of) { out_ << sides_text(side_of) << "\n"; }

std::string Narrator::sides_text(const std::vector<int>& side_of) const {
  std::vector<std::string> sides;
  for (size_t s = 0; s < side_of.size(); ++s) {
    if (sides.size() <= size_t(side_of[s])) sides.resize(size_t(side_of[s]) + 1);
    std::string& text = sides[size_t(side_of[s])];
    text += (text.empty() ? "" : ", ") + rules_.seat_names[s];
  }
  std::string out = "  Sides this deal:";
  for (size_t k = 0; k < sides.size(); ++k) out += (k == 0 ? " " : " against ") + sides[k];
  return out;
}

// Secret sides: told only to the seats that know them (or when every hand is
// shown): "Sides this deal: B, C against A, D, E (secret, known to C)".
void Narrator::secret_sides_set(const std::vector<int>& side_of, uint32_t known_to) {
  if (!show_hands_ && (viewers_ & known_to) == 0) return;
  out_ << sides_text(side_of) << " (secret, known to";
  for (size_t s = 0; s < side_of.size(); ++s)
    if ((known_to >> s) & 1u) out_ << " " << rules_.seat_names[s];
  out_ << ")\n";
}

// The calls that follow ("W: pass") say what they decline only under this heading.
void Narrator::call_round(CallRound round, int bidder, int contract) {
  const std::string& by = rules_.seat_names[size_t(bidder)];
  if (round == CallRound::Declaration) {
    out_ << "  Declaration: " << by << " may declare '" << rules_.declaration.word << "' or pass\n";
    return;
  }
  const int low = std::max(contract + 1, rules_.raise.min), high = rules_.raise.max;
  out_ << "  Raise round: " << rules_.team_names[rules_.team_of[size_t(bidder)]] << " may raise the contract of "
       << contract << " by " << by;
  if (low < high) out_ << " (to " << low << "-" << high << ")";
  else if (low == high) out_ << " (to " << low << ")";
  out_ << " or pass\n";
}

// Both seats of a pass see its cards; a person receiving them is told which,
// or the hand they see next has changed without a word.
void Narrator::cards_passed(int from, int to, CardSet cards) {
  out_ << "  " << rules_.seat_names[size_t(from)] << " passes " << cards.size()
       << (cards.size() == 1 ? " card" : " cards") << " to " << rules_.seat_names[size_t(to)];
  if (show_hands_) out_ << " (" << style_.cards(rules_, cards) << ")";
  else if ((viewers_ >> to) & 1) out_ << ": you receive " << style_.cards(rules_, cards);
  else if ((viewers_ >> from) & 1) out_ << ": you pass " << style_.cards(rules_, cards);
  out_ << "\n";
}

// A hook's game.move. The card is named when every seat may see it (as the
// log's `seen_by` says: move_is_public) or when the narrator shows every hand.
void Narrator::card_moved(Card card, Place from, Place to) {
  auto place = [&](Place p) {
    return p.seat == kNoSeat ? std::string("the ") + zone_info(p.zone).name
                             : rules_.seat_names[size_t(p.seat)] + "'s " + zone_info(p.zone).name;
  };
  const bool public_move = move_is_public(from, to, MoveSeen::ByZones);
  out_ << "  " << (show_hands_ || public_move ? style_.card(rules_, card) : std::string("a card")) << " moves from "
       << place(from) << " to " << place(to) << "\n";
}

void Narrator::turned_up(Card card, int seat) {
  if (seat < 0) out_ << "  Turn-up: " << style_.card(rules_, card) << "\n";
  else
    out_ << "  " << rules_.seat_names[size_t(seat)] << " exchanges " << style_.card(rules_, card)
         << " for the turn-up\n";
}

void Narrator::melds_declared(int seat, const std::vector<Meld>& melds) {
  out_ << "  " << rules_.seat_names[size_t(seat)] << " declares:";
  const char* sep = " ";
  for (const Meld& m : melds) out_ << sep << meld_text(rules_, m), sep = "; ";
  out_ << "\n";
}

void Narrator::best_meld(const Meld& meld) {
  out_ << "  Best meld: " << meld_text(rules_, meld) << " (" << rules_.seat_names[size_t(meld.seat)]
       << "): only " << rules_.team_names[size_t(rules_.team_of[size_t(meld.seat)])] << " score their melds\n";
}

void Narrator::trick_done(int number, int winner, const std::vector<std::pair<int, Card>>& cards) {
  tricks_.push_back({winner, cards});
  for (auto [s, c] : cards) taken_[size_t(winner)].add(c);
  out_ << "  Trick " << number << ":";
  for (auto [s, c] : cards) out_ << " " << rules_.seat_names[size_t(s)] << ":" << style_.card(rules_, c);
  out_ << "  -> " << rules_.seat_names[size_t(winner)] << "\n";
}

// The winners' names: one team, or every team of a winning side ("A, D, E").
static std::string winners_text(const Ruleset& rules, const DealResult& r) {
  if (r.winner_team >= 0) return rules.team_names[size_t(r.winner_team)];
  std::string out;
  for (int t = 0; t < rules.teams; ++t)
    if (r.won_by(t)) out += (out.empty() ? "" : ", ") + rules.team_names[size_t(t)];
  return out;
}

void Narrator::deal_scored(const DealResult& r) {
  if (r.bidder >= 0 && r.contract == 0)
    out_ << "  Trump chosen by " << rules_.seat_names[size_t(r.bidder)] << "\n";
  else if (r.bidder >= 0)
    out_ << "  Contract " << r.contract << " by " << rules_.seat_names[size_t(r.bidder)]
         << (r.declared ? " (" + rules_.declaration.word + ")" : std::string()) << "\n";
  out_ << "  Result: ";
  if (r.drawn()) out_ << "draw";
  else out_ << winners_text(rules_, r) << " win (" << r.name << ")";
  out_ << ";";
  for (size_t t = 0; t < r.points.size(); ++t) {
    out_ << " " << rules_.team_names[t] << " points " << r.points[t];
    if (t < r.melds.size() && r.melds[t] != 0) out_ << " (melds " << r.melds[t] << ")";
    if (rules_.family == Family::Fishing) {
      out_ << scoring_lines_taken(int(t));
      if (t < r.bonus.size() && r.bonus[t] != 0) out_ << " bonus " << r.bonus[t];
      if (t < r.threshold_met.size() && r.threshold_met[t]) out_ << " (threshold met)";
      if (t < r.sweeps.size() && r.sweeps[t] != 0) out_ << " sweeps " << r.sweeps[t];
      if (t < r.majority.size() && r.majority[t] != 0)
        out_ << " majorities " << r.majority[t] << majorities_won(r, int(t));
      if (t < r.combinations.size() && r.combinations[t] != 0)
        out_ << " combinations " << r.combinations[t] << combinations_made(int(t));
    } else {
      out_ << " tricks " << r.tricks[t];
    }
    out_ << ";";
  }
  // Game points as scored, hook additions (game.add_score) included.
  out_ << " game points";
  for (size_t t = 0; t < r.game_points.size(); ++t) out_ << " " << rules_.team_names[t] << " " << r.game_points[t];
  out_ << "; next dealer " << rules_.seat_names[size_t(r.next_dealer)] << "\n";
  if (review_) print_review(r);
}

namespace {

// "red_aces" -> "red aces": the ruleset's keys, read as words.
std::string as_words(std::string key) {
  std::replace(key.begin(), key.end(), '_', ' ');
  return key;
}

}  // namespace

// " (LINE, ...)": the fishing.scoring lines that scored the team's captured
// cards (a card in several lines scores by the last one that applies), so
// that "points 1" says what it was for.
std::string Narrator::scoring_lines_taken(int team) const {
  CardSet taken;
  for (int s = 0; s < rules_.seats; ++s)
    if (rules_.team_of[size_t(s)] == team) taken |= taken_[size_t(s)];
  const auto& lines = rules_.fishing.scoring;
  std::vector<bool> scored(lines.size(), false);
  for (Card c : taken) {
    if (rules_.plain_points[c] == 0) continue;
    for (size_t i = lines.size(); i-- > 0;)
      if (lines[i].applies && lines[i].cards.contains(c)) {
        scored[i] = true;
        break;
      }
  }
  std::vector<std::string> names;
  for (size_t i = 0; i < lines.size(); ++i)
    if (scored[i]) names.push_back(as_words(lines[i].name));
  return names.empty() ? "" : " (" + comma_list(names) + ")";
}

// " (CATEGORY, ...)": the fishing.majorities categories the team won, so that
// "majorities 2" says which.
std::string Narrator::majorities_won(const DealResult& r, int team) const {
  std::vector<std::string> names;
  for (size_t i = 0; i < r.majority_winner.size() && i < rules_.fishing.majorities.size(); ++i)
    if (r.majority_winner[i] == team) names.push_back(as_words(rules_.fishing.majorities[i].name));
  return names.empty() ? "" : " (" + comma_list(names) + ")";
}

// " (COMBINATION, ...)": the fishing.combinations that count for the team.
std::string Narrator::combinations_made(int team) const {
  CardSet taken;
  for (int s = 0; s < rules_.seats; ++s)
    if (rules_.team_of[size_t(s)] == team) taken |= taken_[size_t(s)];
  std::vector<int> per_line;
  combination_points(rules_.fishing, taken, &per_line);
  std::vector<std::string> names;
  for (size_t i = 0; i < per_line.size(); ++i)
    if (per_line[i] != 0)
      names.push_back(as_words(rules_.fishing.combinations[i].name) + " " + std::to_string(per_line[i]));
  return names.empty() ? "" : " (" + comma_list(names) + ")";
}

// The end-of-deal review: every trick with its winner, then per team what it
// took (point cards shown) and what the deal scored. Only public information:
// tricks and captures are seen by all; a card never turned up is not shown.
void Narrator::print_review(const DealResult& r) {
  out_ << "\n" << style_.bold("Review of deal " + std::to_string(deal_ + 1)) << "\n";
  for (size_t i = 0; i < tricks_.size(); ++i) {
    out_ << "  " << (i + 1 < 10 ? " " : "") << i + 1 << ".";
    for (auto [s, c] : tricks_[i].cards) out_ << " " << rules_.seat_names[size_t(s)] << ":" << style_.card(rules_, c);
    out_ << "  -> " << rules_.seat_names[size_t(tricks_[i].winner)] << "\n";
  }
  for (int t = 0; t < rules_.teams; ++t) {
    CardSet taken, point_cards;
    for (int s = 0; s < rules_.seats; ++s)
      if (rules_.team_of[size_t(s)] == t) taken |= taken_[size_t(s)];
    for (Card c : taken)
      if ((rules_.family == Family::Fishing ? rules_.plain_points[c] : rules_.points_of(c, trump_)) != 0) point_cards.add(c);
    out_ << "  " << rules_.team_names[size_t(t)] << ": ";
    if (rules_.family != Family::Fishing) out_ << (size_t(t) < r.tricks.size() ? r.tricks[size_t(t)] : 0) << " tricks, ";
    out_ << (size_t(t) < r.points.size() ? r.points[size_t(t)] : 0) << " points";
    if (!point_cards.empty()) out_ << " (" << style_.cards(rules_, point_cards) << ")";
    out_ << "; game points " << (size_t(t) < r.game_points.size() ? r.game_points[size_t(t)] : 0) << "\n";
  }
  out_ << "  " << (r.drawn() ? std::string("A draw") : winners_text(rules_, r) + " win") << " ("
       << r.name << ")" << (r.ended_early ? ", the deal ended early" : "") << "\n";
}

// Fishing: everything here is public (the layout, turned cards, captures).
void Narrator::layout_dealt(CardSet layout) { out_ << "  Layout: " << style_.cards(rules_, layout) << "\n"; }

void Narrator::redealt(const std::string& reason) {
  out_ << "  The deal is thrown in (" << reason << "): all cards are shuffled and dealt again\n";
}

void Narrator::card_flipped(int seat, Card card) {
  out_ << "  " << rules_.seat_names[size_t(seat)] << " turns " << style_.card(rules_, card) << "\n";
}

void Narrator::laid_out(int, Card card) {
  out_ << "    " << style_.card(rules_, card) << " joins the layout\n";
}

void Narrator::cards_captured(int seat, Card by, CardSet taken) {
  taken_[size_t(seat)] |= taken;
  if (by != kNoCard) taken_[size_t(seat)].add(by);
  out_ << "    " << rules_.seat_names[size_t(seat)] << " captures " << style_.cards(rules_, taken);
  if (by != kNoCard) out_ << " with " << style_.card(rules_, by);
  else out_ << " (special)";
  out_ << "\n";
}

// game.group: a capture takes these layout cards together.
void Narrator::built(int seat, int value, CardSet cards) {
  out_ << "    " << rules_.seat_names[size_t(seat)] << " builds " << value << ": " << style_.cards(rules_, cards) << "\n";
}

void Narrator::layout_grouped(CardSet cards) {
  out_ << "  " << style_.cards(rules_, cards) << " are taken together\n";
}

void Narrator::swept(int seat) {
  out_ << "    " << rules_.seat_names[size_t(seat)] << " sweeps the layout\n";
}

void Narrator::layout_taken(int seat, CardSet cards) {
  taken_[size_t(seat)] |= cards;
  out_ << "    " << rules_.seat_names[size_t(seat)] << " takes the rest of the layout, "
       << style_.cards(rules_, cards) << ", as the last to capture\n";
}

}  // namespace hukum
