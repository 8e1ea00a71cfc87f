// The terminal table (see table_view.h). Everything here comes from the
// Observation of the seat to move and from the ruleset, never from the state.
#include "session/table/table_view.h"
#include "ruleset/step_kind.h"

#include <algorithm>

#include "ruleset/doc.h"

namespace hukum {

namespace {

std::string pad(const std::string& text, size_t width) {
  return text.size() >= width ? text + " " : text + std::string(width - text.size(), ' ');
}

// A card played face down shows as "(face down)" to the others and is marked
// for its owner.
std::string trick_cards(const Ruleset& rules, const std::vector<std::pair<int, Card>>& trick, const TableStyle& style,
                        uint32_t face_down = 0) {
  std::string out;
  for (size_t p = 0; p < trick.size(); ++p) {
    auto [s, c] = trick[p];
    out += (out.empty() ? "" : "  ") + rules.seat_names[size_t(s)] + ":" +
           (c == kNoCard ? std::string("(face down)") : style.card(rules, c)) +
           (c != kNoCard && ((face_down >> p) & 1) ? " (face down)" : "");
  }
  return out;
}

std::string hand_by_suit(const Ruleset& rules, CardSet hand, const TableStyle& style) {
  std::string out;
  for (size_t suit = 0; suit < rules.deck.suits.size(); ++suit) {
    CardSet in_suit = hand & rules.deck.suit_mask[suit];
    if (in_suit.empty()) continue;
    out += (out.empty() ? "" : "   ") + style.cards(rules, in_suit);
  }
  return out.empty() ? "(empty)" : out;
}

int deck_points(const Ruleset& rules, int trump) {
  int total = 0;
  for (Card c = 0; c < rules.deck.cards.size(); ++c) total += rules.points_of(c, trump);
  return total;
}

std::string fishing_table(const Ruleset& rules, const Observation& o, const TableStyle& style) {
  const auto& seat = [&](int s) { return rules.seat_names[size_t(s)]; };
  std::string out = style.bold("Deal " + std::to_string(o.deal_index + 1) + ", dealer " + seat(o.dealer)) +
                    ". You are " + seat(o.seat) + ", playing for yourself.\n";
  out += "Layout: " + (o.layout.empty() ? std::string("(empty)") : style.cards(rules, o.layout)) +
         "   Stock: " + std::to_string(o.stock_count) + " cards\n";
  for (const GameState::LayoutBuild& b : o.builds)
    out += "  Build of " + std::to_string(b.value) + ": " + style.cards(rules, b.cards) + " (" + seat(b.owner) + "'s)\n";
  if (o.pending != kNoCard && o.building_value > 0)
    out += "Building " + std::to_string(o.building_value) + " with " + style.card(rules, o.pending) +
           ": choose its cards, one at a time" +
           (o.taking.empty() ? std::string() : " (chosen: " + style.cards(rules, o.taking) + ")") + "\n";
  else if (o.pending != kNoCard && rules.fishing.by_sum)
    out += "Capturing with " + style.card(rules, o.pending) + ": choose the cards it takes, one at a time" +
           (o.taking.empty() ? std::string() : " (chosen: " + style.cards(rules, o.taking) + ")") + "\n";
  else if (o.pending != kNoCard)
    out += "Capturing with " + style.card(rules, o.pending) + ": choose the card it takes\n";
  const bool sweeps = !o.sweeps.empty();
  out += std::string("  Seat  Cards  Captured  Points") + (sweeps ? "  Sweeps" : "") + "\n";
  for (size_t s = 0; s < o.captured.size(); ++s) {
    out += "  " + pad(rules.seat_names[s], 6) + pad(std::to_string(o.hand_counts[s]), 7) +
           pad(std::to_string(o.captured[s].size()), 10) +
           (sweeps ? pad(std::to_string(captured_points(rules, o, int(s))), 8) + std::to_string(o.sweeps[s])
                   : std::to_string(captured_points(rules, o, int(s))));
    if (int(s) == o.seat) out += int(s) == o.dealer ? "  (you, dealer)" : "  (you)";
    else if (int(s) == o.dealer) out += "  (dealer)";
    out += "\n";
  }
  out += "Match:";
  for (size_t t = 0; t < o.match_scores.size(); ++t)
    out += " " + rules.team_names[t] + " " + std::to_string(o.match_scores[t]);
  out += "\nHand: " + hand_by_suit(rules, o.hand, style) + "\n";
  return out;
}

// "Trump: H", "Trump: not set (S holds a card face down)", or "No trump" in a
// game where nothing can ever set one (a player would read "not set" as "to
// come", and a card face down as the trump).
std::string trump_line(const Ruleset& rules, const Observation& o, const TableStyle& style) {
  if (o.trump_order < 0 && o.trump_suit < 0 && !rules.may_have_trump()) return "No trump\n";
  const auto& seat = [&](int s) { return rules.seat_names[size_t(s)]; };
  std::string out = "Trump: ";
  if (o.trump_order >= 0) {  // the contract's structure: its name and its trumps
    const TrumpOrder& order = rules.play.trump_orders[size_t(o.trump_order)];
    out += order.name + " (";
    if (order.view.trumps.empty()) out += "no trump";
    for (Card c : trumps_high_to_low(order.view)) out += (out.back() == '(' ? "" : " ") + style.card(rules, c);
    out += ")";
  } else if (o.trump_suit >= 0) {
    out += style.suit(rules, o.trump_suit);
  } else if (o.contract_word >= 0) {
    out += "none (the contract plays without trump)";
  } else {
    out += "not set";
    for (size_t s = 0; s < o.hidden_counts.size(); ++s)
      if (o.hidden_counts[s] > 0) out += " (" + seat(int(s)) + " holds a card face down)";
  }
  if (o.trump_card_shown != kNoCard) out += " (card shown: " + style.card(rules, o.trump_card_shown) + ")";
  if (o.turn_up != kNoCard) out += " (turn-up: " + style.card(rules, o.turn_up) + ")";
  out += "\n";
  return out;
}

}  // namespace

bool scores_card_points(const Ruleset& rules) {
  for (Card c = 0; c < rules.deck.cards.size(); ++c)
    if (rules.plain_points[c] != 0 || rules.trump_points[c] != 0) return true;
  return rules.play.last_trick_bonus != 0;
}

int captured_points(const Ruleset& rules, const Observation& o, int seat) {
  int points = 0;
  for (Card c : o.captured[size_t(seat)])
    points += rules.family == Family::Fishing ? rules.plain_points[c] : rules.points_of(c, o.trump_suit);
  return points;
}

// Who plays with the seat: its team, or this deal's side when the deal has
// its own sides (o.sides).
std::string seat_line(const Ruleset& rules, const Observation& o) {
  const int seat = o.seat;
  const int team = rules.team_of[size_t(seat)];
  auto side = [&](int s) { return o.sides.empty() ? int(rules.team_of[size_t(s)]) : o.sides[size_t(s)]; };
  std::vector<std::string> partners, opponents;
  for (int s = 0; s < rules.seats; ++s) {
    if (s == seat) continue;
    (side(s) == side(seat) ? partners : opponents).push_back(rules.seat_names[size_t(s)]);
  }
  std::string out = "You are " + rules.seat_names[size_t(seat)] + " (" + rules.team_names[size_t(team)] + ")";
  if (!o.sides.empty()) out += partners.empty() ? "; this deal you play alone" : "; this deal";
  if (!partners.empty())
    out += ", partner" + std::string(partners.size() > 1 ? "s " : " ") + comma_list(partners);
  if (!opponents.empty()) out += "; opponents " + comma_list(opponents);
  return out;
}

std::string table_text(const Ruleset& rules, const Observation& o, const TableStyle& style) {
  if (rules.family == Family::Fishing) return fishing_table(rules, o, style);
  const auto& seat = [&](int s) { return rules.seat_names[size_t(s)]; };
  const bool points = scores_card_points(rules);
  std::string out = style.bold("Deal " + std::to_string(o.deal_index + 1) + ", dealer " + seat(o.dealer)) + ". " +
                    seat_line(rules, o) + ".\n";

  if (o.question.tag == "calls" && !o.bidding) {  // an auction of calls: every call so far
    std::string calls;
    for (const SaidCall& c : o.calls) calls += (calls.empty() ? "" : ", ") + seat(c.seat) + " " + action_text(rules, c.action);
    out += "Auction: " + (calls.empty() ? std::string("no call yet") : calls) + "\n";
  }
  if (o.bidding)  // an auction of bids: where it stands (a bid of 0 is a bid too)
    out += o.high_bidder >= 0 ? "Auction: high bid " + std::to_string(o.high_bid) + " by " + seat(o.high_bidder) + "\n"
                          : std::string("Auction: no bid yet\n");
  // Each seat's bid of a `bids` step, with how many tricks it has so far.
  std::string bids;
  for (size_t s = 0; s < o.bids.size(); ++s)
    if (o.bids[s] >= 0)
      bids += (bids.empty() ? "" : ", ") + seat(int(s)) + " " + std::to_string(o.bids[s]) +
              (o.question.tag == "bids" ? "" : " (has " + std::to_string(o.tricks_won[s]) + ")");
  if (o.question.tag == "bids" || !bids.empty()) out += "Bids: " + (bids.empty() ? std::string("none yet") : bids) + "\n";
  if (o.question.tag == "trump_auction")
    out += "Trump auction, round " + std::to_string(o.trump_auction_round + 1) +
           (o.legal.can_accept ? ": accept the turn-up's suit, or pass\n"
            : o.legal.suits     ? ": name a suit (name H), or pass\n"
                                : "\n");
  if (o.to_move == o.seat && !o.question.prompt.empty()) out += o.question.prompt + "\n";  // the step's own words
  const char* one_form = rules.melds.repeats ? "" : ", one of them (declare <its cards>)";
  if (o.phase == Phase::Play && o.to_move == o.seat && o.legal.can_declare)  // melds.at first_card
    out += "Declarations: declare all your melds (declare)" + std::string(one_form) +
           " before your first card, or play it without declaring\n";
  if (o.bidder >= 0 && o.contract == 0) {
    out += "Trump chosen by " + seat(o.bidder) + " (" + rules.team_names[rules.team_of[size_t(o.bidder)]] +
           " are the makers)\n";
  } else if (o.bidder >= 0) {
    const int side = rules.team_of[size_t(o.bidder)];
    std::string call = o.contract_word >= 0 ? rules.action_words[size_t(o.contract_word)] : std::to_string(o.contract);
    if (o.contract_doubled > 0) call += o.contract_doubled == 1 ? " doubled" : " redoubled";
    out += "Contract: " + call + " by " + seat(o.bidder);
    if (o.declared) out += " (" + rules.declaration.word + ")";
    if (!rules.result.contract.empty() && rules.result.contract_on == Counter::Tricks)
      out += " - " + rules.team_names[size_t(side)] + " need " + std::to_string(o.contract) + " tricks";
    else if (!rules.result.contract.empty())
      out += " - " + rules.team_names[size_t(side)] + " need " + std::to_string(o.contract) + " of " +
             std::to_string(deck_points(rules, o.trump_suit)) + " points";
    out += "\n";
  }
  out += trump_line(rules, o, style);
  for (const Meld& m : o.melds) out += "Declared by " + seat(m.seat) + ": " + meld_text(rules, m) + "\n";

  // Every seat: cards left, tricks and points so far (captured piles are public).
  out += style.dim("  Seat   Team   Cards     Tricks" + std::string(points ? "  Points" : "")) + "\n";
  for (size_t s = 0; s < o.hand_counts.size(); ++s) {
    std::string cards = std::to_string(o.hand_counts[s]);
    if (o.hidden_counts[s] > 0) cards += "+" + std::to_string(o.hidden_counts[s]) + " down";
    out += "  " + pad(rules.seat_names[s], 7) + pad(rules.team_names[rules.team_of[s]], 7) + pad(cards, 10) +
           pad(std::to_string(o.tricks_won[s]), 8);
    if (points) out += pad(std::to_string(captured_points(rules, o, int(s))), 6);
    std::vector<std::string> notes;
    if (int(s) == o.seat) notes.push_back("you");
    if (int(s) == o.dealer) notes.push_back("dealer");
    if (int(s) == o.bidder) notes.push_back("bidder");
    if ((o.sitting_out >> s) & 1) notes.push_back("sits out");
    if (int(s) == o.to_move && int(s) != o.seat) notes.push_back("to play");
    if (!notes.empty()) out += "(" + comma_list(notes) + ")";
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
  }
  // Per team: what the result compares.
  std::vector<int> team_tricks(size_t(rules.teams), 0), team_points(size_t(rules.teams), 0);
  for (size_t s = 0; s < o.tricks_won.size(); ++s) {
    team_tricks[rules.team_of[s]] += o.tricks_won[s];
    team_points[rules.team_of[s]] += captured_points(rules, o, int(s));
  }
  out += "Tricks:";
  for (int t = 0; t < rules.teams; ++t) out += " " + rules.team_names[size_t(t)] + " " + std::to_string(team_tricks[size_t(t)]);
  if (points) {
    out += "   Points:";
    for (int t = 0; t < rules.teams; ++t) out += " " + rules.team_names[size_t(t)] + " " + std::to_string(team_points[size_t(t)]);
  }
  out += "   Match:";
  for (size_t t = 0; t < o.match_scores.size(); ++t)
    out += " " + rules.team_names[t] + " " + std::to_string(o.match_scores[t]);
  out += "\n";
  if (!o.last_trick.empty()) out += "Last trick: " + trick_cards(rules, o.last_trick, style) + "\n";
  if (o.phase == Phase::Play)
    out += "This trick: " + (o.trick.empty() ? std::string(o.to_move == o.seat ? "(you lead)" : o.playing_for != kNoSeat ? "(you lead for " + seat(o.playing_for) + ")" : "(empty)") : trick_cards(rules, o.trick, style, o.trick_face_down)) + "\n";
  if (!o.own_hidden.empty()) out += "Face down (yours): " + style.cards(rules, o.own_hidden) + "\n";
  // Other hands laid face up (game.show: a dummy, an open hand).
  for (const Observation::ZoneSeen& z : o.zones)
    if (z.place.zone == Zone::Hand && z.place.seat != o.seat && !z.cards.empty())
      out += seat(z.place.seat) + "'s hand (face up" +
             (z.cards.size() < z.count ? ", " + std::to_string(z.count - z.cards.size()) + " more unseen" : std::string()) +
             "): " + hand_by_suit(rules, z.cards, style) + "\n";
  out += "Hand: " + hand_by_suit(rules, o.hand, style) + "\n";
  if (o.playing_for != kNoSeat)
    out += style.bold("You play " + seat(o.playing_for) + "'s cards now.") + "\n";
  return out;
}

}  // namespace hukum
