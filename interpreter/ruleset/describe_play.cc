// The "Play" section of `hukum describe` for trick-taking rulesets: who leads,
// what may be led, what a player must play, the first trick and extra trumps,
// read back from the compiled TrickRules (the trump and the winner are in
// describe.cc). Rulesets written with the older must_* keys read as before.
#include "ruleset/describe_play.h"

#include <algorithm>

#include "ruleset/describe_text.h"

namespace hukum {

void describe_trump_orders(std::ostream& o, const Ruleset& r);

namespace {

// Whole suits by their letter, other cards one by one: "H, QS".
std::string cards_text(const Ruleset& r, CardSet cards) {
  std::vector<std::string> out;
  for (size_t s = 0; s < r.deck.suits.size(); ++s) {
    const CardSet suit = r.deck.suit_mask[s];
    if (!suit.empty() && (cards & suit) == suit) {
      out.push_back(r.deck.suits[s]);
      cards &= ~suit;
    }
  }
  for (Card c : cards) {
    std::string text = r.deck.card_text(c);
    if (std::find(out.begin(), out.end(), text) == out.end()) out.push_back(text);  // copies
  }
  return join(out);
}

// The obligations are exactly what the older must_* keys would give.
bool written_the_old_way(const TrickRules& p) {
  std::vector<PlayFilter> old;
  if (p.must_follow_suit) old.push_back(PlayFilter::FollowSuit);
  if (p.must_trump_when_void) old.push_back(PlayFilter::TrumpIfVoid);
  if (p.must_overtrump) old.push_back(PlayFilter::Overruff);
  return old == p.obligations;
}

void describe_leads(std::ostringstream& o, const Ruleset& r) {
  for (const LeadRestriction& x : r.play.lead_restrictions) {
    switch (x.kind) {
      case LeadRestriction::Kind::Cards:
        o << "  No card of " << cards_text(r, x.cards) << " may be led until a card of "
          << cards_text(r, x.until) << " has been played to a trick, unless the leader holds nothing else.\n";
        break;
      case LeadRestriction::Kind::Trump:
        o << "  Trumps may not be led until a trump has been played to a trick, unless the leader holds "
             "only trumps.\n";
        break;
      case LeadRestriction::Kind::Hidden:
        o << "  A player with a face-down card may not lead its suit while it is face down, unless holding "
             "no other suit.\n";
        break;
    }
  }
}

void describe_follows(std::ostringstream& o, const TrickRules& p) {
  if (written_the_old_way(p)) {
    o << "  " << (p.must_follow_suit ? "Players must follow suit when they can." : "Players may play any card.");
    if (p.must_trump_when_void) o << " A player who cannot follow must trump if able";
    if (p.must_overtrump) o << ", beating the trumps already played when able";
    o << (p.must_trump_when_void ? "." : " A player who cannot follow may play any card.") << "\n";
    return;
  }
  if (p.obligations.empty()) {
    o << "  Players may play any card.\n";
    return;
  }
  std::vector<std::string> steps;
  for (PlayFilter f : p.obligations) steps.push_back(obligation_info(f).description);
  o << "  To a led trick, in this order, a player must: " << join(steps, "; then ")
    << " (each only when the cards still allowed include such a card).\n";
}

void describe_follow_exempt(std::ostringstream& o, const TrickRules& p) {
  if (p.follow_exempt == TrickRules::FollowExempt::HighestTrump)
    o << "  The highest trump is never owed: to a trump lead, a player whose only trump it is may play any card.\n";
  if (p.follow_exempt == TrickRules::FollowExempt::TopTrumps)
    o << "  The " << p.follow_exempt_top << " highest trumps need not be played to a lower trump led (reneging): "
      << "a player whose only trumps are such cards, each above the trump led, may play any card.\n";
}

// play.called_card: the duties of the card a hook calls.
void describe_called_card(std::ostringstream& o, const TrickRules& p) {
  if (!p.called_card) return;
  o << "  A card a hook calls for the deal (game.call_card) has these duties while it is in a hand:\n";
  if (p.called_card & TrickRules::kFallsWhenLed)
    o << "  - when its suit is led, its holder must play it (it falls the first time its suit is led);\n";
  if (p.called_card & TrickRules::kLeadIt) o << "  - its holder who leads its suit must lead the called card;\n";
  if (p.called_card & TrickRules::kCallerKeepsSuit)
    o << "  - the caller may not discard his last card of its suit on a trick of another suit;\n";
  if (p.called_card & TrickRules::kNotDiscarded)
    o << "  - its holder may not discard it on a trick of another suit;\n";
  o << "  each only when the player has another card the other rules allow. (Its suit: in the trump order in "
       "force.)\n";
}

}  // namespace

void describe_play(std::ostringstream& o, const Ruleset& r) {
  const TrickRules& p = r.play;
  o << "\nPlay\n  ";
  if (!p.first_lead_cards.empty()) {
    o << "The holder of " << cards_text(r, p.first_lead_cards) << " leads to the first trick"
      << (p.first_lead_card_led ? " and must lead it" : "") << " (when nobody holds it, "
      << seat_ref_text(p.first_lead) << " leads)";
  } else {
    o << capitalized(seat_ref_text(p.first_lead)) << " leads to the first trick";
  }
  o << "; the winner of a trick leads to the next.\n";
  if (p.dummy.seat != SeatRef::Count)
    o << "  " << capitalized(seat_ref_text(p.dummy.seat)) << " is the dummy: the hand is laid face up for everyone "
      << (p.dummy.after_opening_lead ? "once the opening lead is made" : "before the first lead") << ", and "
      << seat_ref_text(p.dummy.played_by) << " plays its cards.\n";
  if (r.hooks[size_t(HookPoint::BeforeFirstLead)].bound())
    o << "  The Lua hook before_first_lead runs before the first lead and may choose another leader "
         "(see the rules kept in Lua, below).\n";
  describe_leads(o, r);
  describe_follows(o, p);
  describe_follow_exempt(o, p);
  describe_called_card(o, p);
  if (!p.not_on_first_trick.empty())
    o << "  Nobody may play " << cards_text(r, p.not_on_first_trick)
      << " to the first trick unless holding no other card the rules allow.\n";
  for (const ExtraTrump& x : p.extra_trumps)
    o << "  While " << r.deck.suits[size_t(x.trump)] << " is trump, " << cards_text(r, x.cards)
      << " is a trump, ranking "
      << (x.after < 0 ? "above every trump"
                      : "just below the " + r.deck.ranks[size_t(x.after)] + " of trumps")
      << ".\n";
  describe_trump_orders(o, r);
}

// play.trump_orders: each structure's trumps high to low and its plain order.
void describe_trump_orders(std::ostream& o, const Ruleset& r) {
  if (r.play.trump_orders.empty()) return;
  o << "  The contract may choose how the cards rank for the deal (a Lua hook calls game.set_trump_order):\n";
  for (const TrumpOrder& order : r.play.trump_orders) {
    o << "  - " << order.name << ": ";
    if (order.view.trumps.empty()) {
      o << "no trump";
    } else {
      o << "trumps";
      for (Card c : trumps_high_to_low(order.view)) o << " " << r.deck.card_text(c);
      if (order.suit < 0) o << " (a suit of their own: a trump lead must be followed with a trump)";
    }
    // The plain order: every rank a card that is not a trump has, in any
    // suit, by the view's strengths (a rank's strength is the same in every
    // plain suit). Not one suit's cards: a jack made a trump or a rank a suit lacks
    // would drop out of the line.
    std::vector<Card> by_rank(r.deck.ranks.size(), kNoCard);
    for (Card c : r.deck.all & ~order.view.trumps & ~r.deck.no_suit)
      if (r.deck.cards[c].suit != order.suit && by_rank[r.deck.cards[c].rank] == kNoCard)
        by_rank[r.deck.cards[c].rank] = c;
    std::vector<Card> plain;
    for (Card c : by_rank)
      if (c != kNoCard) plain.push_back(c);
    std::stable_sort(plain.begin(), plain.end(), [&](Card a, Card b) { return order.view.strength[a] > order.view.strength[b]; });
    if (!plain.empty()) {
      o << "; the other cards rank";
      for (Card c : plain) o << " " << r.deck.ranks[r.deck.cards[c].rank];
    }
    o << ".\n";
  }
}

}  // namespace hukum
