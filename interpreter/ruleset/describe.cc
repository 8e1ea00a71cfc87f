#include "ruleset/describe.h"
#include "ruleset/describe_play.h"
#include "ruleset/describe_text.h"

#include <algorithm>
#include <sstream>

namespace hukum {

std::string seat_ref_text(SeatRef r) {
  switch (r) {
    case SeatRef::Dealer: return "the dealer";
    case SeatRef::DealerNext: return "the player after the dealer";
    case SeatRef::DealerPrevious: return "the player before the dealer";
    case SeatRef::DealerPartner: return "the dealer's partner";
    case SeatRef::Bidder: return "the bidder";
    case SeatRef::BidderNext: return "the player after the bidder";
    case SeatRef::BidderPartner: return "the bidder's partner";
    case SeatRef::Count: break;
  }
  return "?";
}

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

namespace {

std::string packets_text(const std::vector<int>& packets) {
  int total = 0;
  bool singles = true;
  for (int k : packets) total += k, singles = singles && k == 1;
  if (singles && packets.size() > 1)
    return "Deal " + std::to_string(total) + " cards to each player, one at a time";
  std::vector<std::string> p;
  for (int k : packets) p.push_back(std::to_string(k));
  return "Deal " + join(p, ", then ") + (total == 1 ? " card" : " cards") + " to each player";
}

std::string counter_text(Counter c) { return c == Counter::Points ? "card points" : "tricks"; }

// "suits S, H, D, C, ranks A K Q J"; with deck.suit_ranks, each group of
// suits with its own ranks; then the cards of no suit.
std::string deck_text(const Deck& d) {
  std::vector<std::vector<std::string>> ranks_of(d.suits.size());
  std::vector<std::string> no_suit;
  for (const CardDef& c : d.cards) {
    if (c.copy != 0) continue;
    if (c.suit == kNoSuitSlot) no_suit.push_back(d.ranks[c.rank]);
    else ranks_of[c.suit].push_back(d.ranks[c.rank]);
  }
  std::vector<std::string> groups;  // suits sharing the same ranks, in the order written
  std::vector<bool> told(d.suits.size(), false);
  for (size_t s = 0; s < d.suits.size(); ++s) {
    if (told[s]) continue;
    std::vector<std::string> same;
    for (size_t t = s; t < d.suits.size(); ++t)
      if (!told[t] && ranks_of[t] == ranks_of[s]) same.push_back(d.suits[t]), told[t] = true;
    groups.push_back((same.size() > 1 ? "suits " : "suit ") + join(same) + ", ranks " + join(ranks_of[s], " "));
  }
  std::string out;
  for (size_t g = 0; g < groups.size(); ++g) out += (g ? "; " : "") + groups[g];
  if (!no_suit.empty()) out += "; of no suit: " + join(no_suit);
  return out;
}

std::string order_text(const Ruleset& r, const std::array<uint8_t, kMaxCards>& strength, int suit = -1) {
  // Ranks of `suit`, else of the first suit without an order of its own, strongest first.
  if (suit < 0) {
    suit = 0;
    while (suit + 1 < int(r.deck.suits.size()) && (r.own_order_suits >> suit & 1)) ++suit;
  }
  std::vector<std::pair<int, std::string>> ranks;
  for (size_t c = 0; c < r.deck.cards.size(); ++c)
    if (r.deck.cards[c].suit == suit && r.deck.cards[c].copy == 0)
      ranks.emplace_back(-int(strength[c]), r.deck.ranks[r.deck.cards[c].rank]);
  std::sort(ranks.begin(), ranks.end());
  std::vector<std::string> names;
  for (auto& [s, n] : ranks) names.push_back(n);
  return join(names, " ");
}

std::string points_text(const Ruleset& r, const std::array<int16_t, kMaxCards>& points) {
  std::vector<std::string> parts;
  for (size_t c = 0; c < r.deck.cards.size(); ++c)
    if (points[c] != 0) parts.push_back(r.deck.card_text(Card(c)) + " " + std::to_string(points[c]));
  return parts.empty() ? "no card scores points" : join(parts);
}

}  // namespace

std::string describe_ruleset(const Ruleset& r) {
  if (r.family == Family::Fishing) return describe_fishing(r);
  std::ostringstream o;
  describe_title_and_options(o, r);
  o << "\nPlayers\n  " << r.seats << " players (" << join(r.seat_names) << ")";
  if (r.teams < r.seats) {
    o << " in " << r.teams << " teams:";
    for (int t = 0; t < r.teams; ++t) {
      std::vector<std::string> members;
      for (int s = 0; s < r.seats; ++s)
        if (r.team_of[size_t(s)] == t) members.push_back(r.seat_names[size_t(s)]);
      o << " " << r.team_names[size_t(t)] << " (" << join(members, "+") << ")";
    }
  } else {
    o << ", each for themselves";
  }
  if (r.deal_sides == Ruleset::DealSides::BidderAlone) o << "; in each deal the bidder plays alone against the others";
  o << ".\n  Play goes "
    << (r.direction == Direction::Clockwise ? "clockwise"
        : r.direction == Direction::Counterclockwise ? "counterclockwise"
                                                     : "counterclockwise on the first deal, then alternates")
    << ".\n";
  if (r.deal_direction != r.direction)
    o << "  The cards are dealt "
      << (r.deal_direction == Direction::Clockwise ? "clockwise"
          : r.deal_direction == Direction::Counterclockwise ? "counterclockwise"
                                                            : "counterclockwise on the first deal, then in the other direction every deal")
      << ".\n";

  const int packs = r.deck.cards.empty() ? 1 : r.deck.cards.back().copy + 1;
  o << "\nCards\n  " << r.deck.cards.size() << " cards"
    << (packs > 1 ? " (" + std::to_string(packs) + " packs; later copies are numbered: AS#2)" : "")
    << ": " << deck_text(r.deck) << ".\n";
  o << "  Rank order (high to low): " << order_text(r, r.plain_strength) << ".\n";
  for (size_t s = 0; s < r.deck.suits.size(); ++s)
    if (r.own_order_suits >> s & 1)
      o << "  In suit " << r.deck.suits[s] << " when not trump: " << order_text(r, r.plain_strength, int(s)) << ".\n";
  if (r.trump_strength != r.plain_strength)
    o << "  In the trump suit: " << order_text(r, r.trump_strength) << ".\n";
  o << "  Points: " << points_text(r, r.plain_points) << ".\n";
  if (r.trump_points != r.plain_points) o << "  Points in trumps: " << points_text(r, r.trump_points) << ".\n";

  o << "\nThe deal\n";
  int n = 1;
  for (const auto& step : r.deal) {
    o << "  " << n++ << ". ";
    if (describe_turn_up_step(o, r, step)) continue;
    switch (step.kind) {
      case DealStep::Kind::Deal:
        if (!step.hand_sizes.empty()) {
          o << "Deal one card at a time, starting with " << seat_ref_text(SeatRef::DealerNext)
            << ", until every player holds the deal's number of cards: ";
          for (size_t k = 0; k < step.hand_sizes.size(); ++k) o << (k ? ", " : "") << step.hand_sizes[k];
          o << (step.hand_sizes.size() > 1 ? " in successive deals (then again from the start)" : "") << ".\n";
          break;
        }
        o << packets_text(step.packets) << ", starting with " << seat_ref_text(SeatRef::DealerNext) << ".\n";
        break;
      case DealStep::Kind::Bids:
        o << "Bids: every player in turn, starting with " << seat_ref_text(SeatRef::DealerNext)
          << ", says once how many tricks they will take (" << r.bids.min << " up to the number of tricks)"
          << (r.bids.total_not_tricks
                  ? "; the last to bid may not make the bids add up to the number of tricks, so someone must fail"
                  : "")
          << ". The bids are public.\n";
        break;
      case DealStep::Kind::Raise:
        o << "Raise: the bidding side's players, in turn from " << seat_ref_text(r.raise.first)
          << " on, may raise the contract once, to at least "
          << r.raise.min << " and above the current contract (at most " << r.raise.max << "), or pass.\n";
        break;
      case DealStep::Kind::Declare: {
        const Declaration& d = r.declaration;
        o << "Declaration: the bidder may declare '" << d.word << "': to take "
          << (d.goal == DeclarationGoal::NoTricks ? "no trick" : "every trick");
        if (d.partner_sits_out) o << " alone, the partner's cards set aside";
        o << (d.declarer_leads ? "; the bidder leads" : "") << ". Made: " << d.win
          << " game points to the bidder's side; failed: " << d.lose << " to the others"
          << (d.end_on_failure ? d.goal == DeclarationGoal::NoTricks ? ", and the deal ends at the first trick taken"
                                                                      : ", and the deal ends at the first trick lost"
                               : "")
          << (r.hooks[size_t(HookPoint::DealScored)].bound() ? " (unless the deal_scored hook scores it otherwise)" : "")
          << ".\n";
        break;
      }
      case DealStep::Kind::RandomTrump:
        o << "A random card of the pack is shown: its suit is trump for the deal. It goes back and the "
             "pack is shuffled again.\n";
        break;
      case DealStep::Kind::Layout:  // fishing games are described by describe_fishing.cc
        o << "Turn " << step.count << " cards of the stock face up as the layout.\n";
        break;
      case DealStep::Kind::Choose: {
        if (step.one_seat)
          o << capitalized(seat_ref_text(step.seat)) << " chooses " << step.count
            << (step.count == 1 ? " card" : " cards") << " from the hand, face down"
            << (is_bidder_ref(step.seat) ? " (when someone won the bidding)" : "") << ". ";
        else
          o << "Every player chooses " << step.count << (step.count == 1 ? " card" : " cards")
            << " from the hand at the same time, face down; nobody sees another's choice until all have chosen. ";
        if (step.then == DealStep::Then::Reveal) {
          o << "Then every choice is turned up and goes back to its owner's hand, known to everyone.\n";
          break;
        }
        o << (step.one_seat ? "Then the cards go to " : "Then each player's cards go to ");
        const char* sep = "";
        for (size_t k = 0; k < step.pass_to.size(); ++k, sep = ", then ") {
          const int to = step.pass_to[k];
          o << sep;
          if (to < 0) o << seat_ref_text(SeatRef(-1 - to));
          else if (to == 0) o << "nobody (no passing)";
          else if (to == 1) o << "the next player";
          else if (to == r.seats - 1) o << "the previous player";
          else if (2 * to == r.seats) o << "the player across";
          else o << "the player " << to << " seats on";
        }
        o << (step.pass_to.size() > 1 ? ", deal after deal in turn" : "") << ".\n";
        break;
      }
      case DealStep::Kind::TurnUp:  // described by describe_turn_up_step above
      case DealStep::Kind::TrumpAuction:
      case DealStep::Kind::Exchange:
      case DealStep::Kind::DealRest:
      case DealStep::Kind::Melds:
      case DealStep::Kind::TakeTurnUp:
      case DealStep::Kind::Script: {
        const auto fn = r.step_hooks.find(step.script);
        o << "The step " << step.script << ", written in Lua (" << (fn != r.step_hooks.end() ? fn->second : "?") << ")";
        for (size_t k = 0; k < step.params.size(); ++k)
          o << (k ? ", " : " with ") << step.params[k].first << " " << step.params[k].second;
        o << ".\n";
        break;
      }
      case DealStep::Kind::Registered:
        o << step.registered->describe(r, step) << "\n";
        break;
      case DealStep::Kind::Count:
        break;
    }
  }
  const bool sizes_vary = std::any_of(r.deal.begin(), r.deal.end(), [](const DealStep& s) { return !s.hand_sizes.empty(); });
  o << "  Each player holds " << (sizes_vary ? "up to " : "") << r.hand_size << " cards.\n";
  if (r.melds.at_first_card) {  // declared in the play, not at a step
    o << "  ";
    describe_melds(o, r);
  }

  const TrickRules& p = r.play;
  describe_play(o, r);
  o << "  Trump: ";
  switch (p.trump_method) {
    case TrumpMethod::None:
      o << (std::any_of(r.deal.begin(), r.deal.end(), [](const DealStep& s) { return s.kind == DealStep::Kind::TrumpAuction; })
                ? "the suit accepted or named in the trump auction"
                : "none is set by the rules themselves");
      break;
    case TrumpMethod::Fixed: o << r.deck.suits[size_t(p.trump_suit)] << " throughout"; break;
    case TrumpMethod::RandomCard: o << "the suit of the random card shown (deal step random_trump)"; break;
    case TrumpMethod::FirstDiscard:
      o << "the first card played by a player who cannot follow suit fixes trump as its suit; that card "
           "is itself a trump";
      break;
  }
  o << ".\n";
  o << "  When trump is fixed during a trick, trump-suit cards discarded earlier in that trick "
    << (p.retroactive_in_reveal_trick ? "count as trumps" : "do not count as trumps") << ".\n";
  if (p.face_down == TrickRules::FaceDown::Trump)
    o << "  Every trump is played face down, whether led, followed or discarded: the others see that a card "
         "was played, not which, until the trick is complete; then every card is turned up.\n";
  o << "  A trick is won by the highest trump, or if none by the highest card of the suit led.\n";
  if (r.deck.cards.size() > 0 && r.deck.cards.back().copy > 0)
    o << "  Of two equal cards, the one played " << (p.last_equal_card_wins ? "last" : "first") << " wins.\n";
  if (p.last_trick_bonus) o << "  The last trick scores " << p.last_trick_bonus << " extra points.\n";

  o << "\nThe result of a deal\n";
  if (!r.result.contract.empty()) {
    o << "  The bidding side makes its contract with at least as many "
      << (r.result.contract_on == Counter::Tricks ? "tricks" : "card points")
      << " as the contract (result '" << r.result.contract_made << "', else '" << r.result.contract_failed
      << "'). Only one side scores:\n";
    for (const auto& band : r.result.contract)
      o << "    contract " << band.low << "-" << band.high << ": made " << band.win << " to the bidders, failed "
        << band.lose << " to the other side\n";
  } else {
  o << "  The winning side has the most ";
  std::vector<std::string> cmp;
  for (Counter c : r.result.compare) cmp.push_back(counter_text(c));
  o << join(cmp, "; on a tie, the most ") << "; a tie on all of these is a draw.\n";
  for (const auto& named : r.result.named)
    o << "  \"" << named.name << "\": the winners took all the " << counter_text(named.winner_takes_all) << ".\n";
  o << "  Any other win is \"" << r.result.default_name << "\".\n";
  if (!r.result.game_points.empty()) {
    o << "  Game points:";
    for (const auto& [k, v] : r.result.game_points) o << " " << k << " " << v << ";";
    o << "\n";
  } else {
    o << "  A won deal is worth 1 game point.\n";
  }
  }
  if (r.hooks[size_t(HookPoint::DealScored)].bound())
    o << "  Then the Lua hook deal_scored may replace this result and its game points (see the rules kept in Lua "
         "below).\n";

  const NextDealerRules& nd = r.next_dealer;
  o << "\nNext dealer\n";
  if (nd.dealer_team_won == nd.dealer_team_lost && nd.dealer_team_won == nd.draw && nd.dealer_team_lost_by.empty()) {
    o << "  Whatever the result: " << dealer_rule_text(nd.draw) << ".\n";  // one rule, said once
  } else {
    o << "  If the dealer's side won: " << dealer_rule_text(nd.dealer_team_won) << ".\n"
      << "  If it lost: " << dealer_rule_text(nd.dealer_team_lost) << ".\n";
    for (const auto& [name, rule] : nd.dealer_team_lost_by)
      o << "  If it lost to \"" << name << "\": " << dealer_rule_text(rule) << ".\n";
    o << "  After a draw: " << dealer_rule_text(nd.draw) << ".\n";
  }

  o << "\nMatch\n  ";
  if (r.match.deals > 0) o << r.match.deals << (r.match.deals == 1 ? " deal" : " deals");
  if (r.match.deals > 0 && r.match.target > 0) o << ", or until ";
  if (r.match.deals == 0 && r.match.target > 0) o << "Until ";
  if (r.match.target > 0) o << "a side reaches " << r.match.target << " game points";
  o << "; the first dealer is "
    << (r.match.first_dealer < 0 ? std::string("drawn at random") : r.seat_names[size_t(r.match.first_dealer)])
    << ".\n";
  if (r.match.target > 0 && r.match.bidders_first)
    o << "  When several sides reach the target on the same deal, the bidder's side wins if it is one of them, "
         "else the "
      << (r.match.lowest_wins ? "lowest" : "highest") << " total";
  else if (r.match.target > 0)
    o << "  When several sides reach the target, the " << (r.match.lowest_wins ? "lowest" : "highest") << " total wins";
  if (r.match.target > 0 && r.match.tie_break_deals > 0)
    o << "; leaders tied at the end play " << r.match.tie_break_deals << " more deals, again until the tie is broken";
  if (r.match.target > 0) o << ".\n";
  if (r.hooks[size_t(HookPoint::MatchOver)].bound())
    o << "  The Lua hook match_over runs after each deal and may end the match sooner, naming the winner.\n";

  describe_hooks(o, r);
  return o.str();
}

}  // namespace hukum
