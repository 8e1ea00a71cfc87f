// `hukum describe` for the turn-up deal steps (turn_up, trump_auction,
// exchange, deal_rest) and for melds: one sentence per step, in the order
// the deal runs them, read back from the compiled rules.
#include "ruleset/describe_play.h"
#include "ruleset/describe_text.h"

namespace hukum {

namespace {

std::string ranks_text(const Ruleset& r, const std::vector<int>& ranks, const std::string& sep = " ") {
  std::vector<std::string> names;
  for (int k : ranks) names.push_back(r.deck.ranks[size_t(k)]);
  return join(names, sep);
}

void describe_trump_auction(std::ostringstream& o, const Ruleset& r) {
  const TrumpAuctionRules& a = r.trump_auction;
  std::vector<std::string> order;
  for (SeatRef s : a.order) order.push_back(seat_ref_text(s));
  o << "Trump auction, in the order "
    << (order.empty() ? "of play from " + seat_ref_text(SeatRef::DealerNext) : join(order, ", ")) << ". ";
  for (size_t i = 0; i < a.rounds.size(); ++i) {
    o << "Round " << i + 1 << ": each player ";
    switch (a.rounds[i]) {
      case TrumpAuctionRules::Round::Accept: o << "accepts the turn-up's suit as trump ('accept') or passes. "; break;
      case TrumpAuctionRules::Round::Name: o << "names any suit as trump ('name H') or passes. "; break;
      case TrumpAuctionRules::Round::NameOther:
        o << "names a suit other than the turn-up's as trump ('name H') or passes. ";
        break;
    }
  }
  o << "The first acceptance or named suit ends the auction: that player is the bidder, and the bidder's side are "
       "the makers. ";
  if (a.last_must_call)
    o << "The last player to speak in the last round may not pass: he must choose the trump, so the deal is never "
         "thrown in.\n";
  else
    o << "If every player passes in every round, the deal is thrown in (nobody scores) and the next dealer deals.\n";
}

}  // namespace

// The melds sentence: at the melds step, or at the first trick (melds.at).
void describe_melds(std::ostringstream& o, const Ruleset& r) {
  const MeldRules& m = r.melds;
  if (m.at_first_card)
    o << "Declarations (melds) at the first trick: each player, at his first turn, "
      << (m.optional ? "may declare ('declare') the melds of his hand before playing his card"
                     : "declares every meld of his hand as he plays his card")
      << "; the declarations are compared once the first trick is over";
  else
    o << "Declarations (melds), in turn from " << seat_ref_text(SeatRef::DealerNext) << ": each player "
      << (m.optional ? "may declare ('declare') all the melds of his hand, or not ('pass')"
                     : "declares every meld of his hand");
  o << "; declared melds are shown to everyone, taken back into the hand, and score for the declarer's side:";
  if (!m.sequence_values.empty()) {
    o << " sequences of one suit in the order " << ranks_text(r, m.sequence_order) << " (";
    std::vector<std::string> v;
    for (size_t len = 2; len < m.sequence_values.size(); ++len)
      if (m.sequence_values[len] > 0) v.push_back(std::to_string(len) + " cards " + std::to_string(m.sequence_values[len]));
    o << join(v) << (m.split_long_runs ? "; a longer run is cut into scoring runs" : "; a longer run scores as the longest") << ");";
  }
  auto doubled = [](int v) { return v < 0 ? std::string() : ", " + std::to_string(v) + " held twice"; };
  for (const auto& s : m.sets)
    o << " " << s.name << ": " << s.count << " cards of one rank" << (s.different_suits ? ", each of another suit" : "")
      << (s.ranks.empty() ? "" : " (" + ranks_text(r, s.ranks, ", ") + ")") << " (" << s.value << doubled(s.doubled)
      << ");";
  for (const auto& g : m.groups) {
    o << " " << g.name << ": ";
    if (!g.faces.empty()) {  // these cards
      for (size_t k = 0; k < g.faces.size(); ++k)
        o << (k == 0 ? "" : k + 1 == g.faces.size() ? " and " : ", ")
          << r.deck.ranks[size_t(g.faces[k].second)] << r.deck.suits[size_t(g.faces[k].first)];
    } else if (g.ranks.size() == 1) {
      o << "the " << ranks_text(r, g.ranks, "") << " of trumps";
    } else {
      o << ranks_text(r, g.ranks, " and ") << (g.trump_only ? " of trumps" : " of one suit");
    }
    o << " (" << g.value << doubled(g.doubled) << ");";
  }
  o << " a card may serve in melds of different kinds, never twice in one kind"
    << (m.repeats ? "; a meld held twice (with both packs' copies) counts twice unless its value held twice is given"
                  : "")
    << ".";
  if (m.best_team_only) {
    o << " Only the side that declared the best meld scores its melds (the best: ";
    for (MeldRules::Criterion c : m.best_by) {
      using C = MeldRules::Criterion;
      o << (c == C::Value ? "the higher value" : c == C::Cards ? "more cards"
            : c == C::TopCard                 ? "the higher top card"
                                              : "one in trumps")
        << ", then ";
    }
    o << "the one declared first).";
  }
  o << "\n";
}

bool describe_turn_up_step(std::ostringstream& o, const Ruleset& r, const DealStep& step) {
  switch (step.kind) {
    case DealStep::Kind::TurnUp:
      o << "The next card of the stock is turned face up on the table for everyone to see: the turn-up, "
           "whose suit is proposed as trump. The rest of the stock stays hidden.\n";
      return true;
    case DealStep::Kind::TrumpAuction:
      describe_trump_auction(o, r);
      return true;
    case DealStep::Kind::Exchange:
      o << "Exchange: the player holding the " << r.deck.ranks[size_t(step.rank)]
        << " of the turn-up's suit may swap it for the turn-up ('exchange <card>', or 'pass'), whichever suit is "
           "trump; every player is asked in turn, so nobody learns who holds it by being asked.\n";
      return true;
    case DealStep::Kind::TakeTurnUp:
      o << capitalized(seat_ref_text(step.seat)) << " takes the turn-up into the hand"
        << (step.only_if_accepted ? " when its suit was accepted as trump" : "");
      if (step.count > 0)
        o << " and discards " << step.count << (step.count == 1 ? " card" : " cards")
          << " face down ('discard <card>', the turn-up included), out of the deal and seen by nobody else";
      o << (step.only_if_accepted ? "; when another suit was named, the turn-up is turned down and stays out of the deal"
                                  : "")
        << ". A player who sits out this deal takes nothing.\n";
      return true;
    case DealStep::Kind::DealRest: {
      int total = 0;
      for (int k : step.packets) total += k;
      bool singles = step.packets.size() > 1;
      for (int k : step.packets) singles = singles && k == 1;
      o << "Deal " << total << " more cards to each player from the stock"
        << (singles ? ", one at a time" : step.packets.size() > 1 ? ", in packets" : "") << "; the last card of "
        << seat_ref_text(step.seat) << " is the turn-up (or the card swapped for it), known to everyone.\n";
      return true;
    }
    case DealStep::Kind::Melds:
      describe_melds(o, r);
      return true;
    default:
      return false;
  }
}

}  // namespace hukum
