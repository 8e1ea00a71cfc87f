// The small behaviour the compiled model carries: names of its enums (the same
// words as the YAML format, see schema.cc) and card text <-> card index.
#include "ruleset/ruleset.h"

#include <algorithm>
#include <array>

namespace hukum {

std::string Deck::card_text(Card c) const {
  if (c >= cards.size()) return "?";
  std::string text = ranks[cards[c].rank] + suit_text(c);
  if (cards[c].copy > 0) text += "#" + std::to_string(cards[c].copy + 1);  // the second copy: AS#2
  return text;
}

const std::string& Deck::suit_text(Card c) const {
  static const std::string none;
  return has_suit(c) ? suits[cards[c].suit] : none;
}

// Splits the text into a rank prefix and a suit suffix without building
// strings: hooks parse card texts on every call. A card of no suit is its name.
Card Deck::parse_card(const std::string& text) const {
  // "AS#2": the second copy of AS (deck.copies); "AS" alone: the first.
  if (const size_t mark = text.find('#'); mark != std::string::npos) {
    const std::string number = text.substr(mark + 1);
    if (number.empty() || number.size() > 2 || number.find_first_not_of("0123456789") != std::string::npos) return kNoCard;
    const int copy = std::stoi(number) - 1;
    const Card first = parse_card(text.substr(0, mark));
    if (first == kNoCard || copy < 1) return kNoCard;  // "AS#1" is written "AS"
    for (size_t i = first; i < cards.size(); ++i)
      if (cards[i].suit == cards[first].suit && cards[i].rank == cards[first].rank && cards[i].copy == copy)
        return Card(i);
    return kNoCard;
  }
  for (Card c : no_suit)
    if (ranks[cards[c].rank] == text) return c;
  for (size_t s = 0; s < suits.size(); ++s) {
    const std::string& suit = suits[s];
    if (text.size() <= suit.size() || text.compare(text.size() - suit.size(), suit.size(), suit) != 0) continue;
    const size_t rank_length = text.size() - suit.size();
    for (size_t r = 0; r < ranks.size(); ++r) {
      if (ranks[r].size() != rank_length || text.compare(0, rank_length, ranks[r]) != 0) continue;
      for (size_t i = 0; i < cards.size(); ++i)
        if (cards[i].suit == s && cards[i].rank == r) return Card(i);
    }
  }
  return kNoCard;
}

std::vector<std::string> ranks_only(const Deck& d) {
  return {d.ranks.begin(), d.ranks.begin() + d.ranked};
}

int Deck::suit_index(const std::string& letter) const {
  for (size_t i = 0; i < suits.size(); ++i)
    if (suits[i] == letter) return int(i);
  return -1;
}

int Deck::rank_index(const std::string& name) const {
  for (size_t i = 0; i < ranks.size(); ++i)
    if (ranks[i] == name) return int(i);
  return -1;
}

std::vector<Card> trumps_high_to_low(const TrumpView& view) {
  std::vector<Card> out;
  for (Card c : view.trumps) out.push_back(c);
  std::stable_sort(out.begin(), out.end(), [&](Card a, Card b) { return view.strength[a] > view.strength[b]; });
  return out;
}

bool Ruleset::has_hooks() const {
  for (const auto& h : hooks)
    if (h.bound()) return true;
  return !action_hooks.empty() || !step_hooks.empty();
}

bool Ruleset::declares_melds() const {
  if (melds.at_first_card) return true;
  for (const DealStep& step : deal)
    if (step.kind == DealStep::Kind::Melds) return true;
  return false;
}

bool Ruleset::may_have_trump() const {
  if (play.trump_method != TrumpMethod::None || !play.trump_orders.empty()) return true;
  for (const DealStep& s : deal)
    if (s.kind == DealStep::Kind::RandomTrump || s.kind == DealStep::Kind::TrumpAuction) return true;
  // Hooks at the deal's scoring or the match's end come too late to set a trump.
  for (size_t h = 0; h < hooks.size(); ++h)
    if (hooks[h].bound() && HookPoint(h) != HookPoint::DealScored && HookPoint(h) != HookPoint::MatchOver) return true;
  return !action_hooks.empty() || !step_hooks.empty();
}

// ORDER SEATREF
const char* to_string(SeatRef r) {
  switch (r) {
    case SeatRef::Dealer: return "dealer";
    case SeatRef::DealerNext: return "dealer_next";
    case SeatRef::DealerPrevious: return "dealer_previous";
    case SeatRef::DealerPartner: return "dealer_partner";
    case SeatRef::Bidder: return "bidder";
    case SeatRef::BidderNext: return "bidder_next";
    case SeatRef::BidderPartner: return "bidder_partner";
    case SeatRef::Count: break;
  }
  return "?";
}

const char* to_string(TrumpMethod m) {
  switch (m) {
    case TrumpMethod::None: return "none";
    case TrumpMethod::Fixed: return "fixed";
    case TrumpMethod::RandomCard: return "random_card";
    case TrumpMethod::FirstDiscard: return "first_discard";
  }
  return "?";
}

namespace {
// One row per PlayFilter, in its order.
constexpr std::array<ObligationInfo, size_t(PlayFilter::Count)> kObligations{{
    {"follow_suit", "follow suit when able"},
    {"follow_suit_or_trump", "when able to follow suit, follow suit or play a trump, never a card of another suit"},
    {"trump_if_void", "when void in the suit led, trump when able"},
    {"overruff", "when made to trump, beat the trumps already played when able"},
    {"overtrump", "when only trumps may be played, beat the trumps already played when able"},
    {"head_trick", "play a card that beats every card already in the trick when able, even a partner's"},
    {"no_undertrump",
     "when a plain suit was led and the trick is trumped, never a lower trump while holding another card that "
     "may be played"},
    {"free_if_partner_wins", "when the player's partner holds the trick so far, the rules after this one do not apply"},
}};
}  // namespace

const ObligationInfo& obligation_info(PlayFilter f) { return kObligations[size_t(f)]; }

const char* to_string(PlayFilter f) { return f < PlayFilter::Count ? kObligations[size_t(f)].word : "?"; }

const char* to_string(Counter c) {
  switch (c) {
    case Counter::Points: return "points";
    case Counter::Tricks: return "tricks";
    case Counter::Count: break;
  }
  return "?";
}

const char* to_string(DealerRule r) {
  switch (r) {
    case DealerRule::Same: return "same";
    case DealerRule::Next: return "next";
    case DealerRule::NextTeammate: return "next_teammate";
    case DealerRule::Previous: return "previous";
    case DealerRule::LowestScore: return "lowest_score";
  }
  return "?";
}

// ORDER HOOKPOINT
const char* to_string(DealStep::Kind k) {
  switch (k) {
    case DealStep::Kind::Deal: return "deal";
    case DealStep::Kind::RandomTrump: return "random_trump";
    case DealStep::Kind::Raise: return "raise";
    case DealStep::Kind::Declare: return "declare";
    case DealStep::Kind::Layout: return "layout";
    case DealStep::Kind::Choose: return "choose";
    case DealStep::Kind::Bids: return "bids";
    case DealStep::Kind::TurnUp: return "turn_up";
    case DealStep::Kind::TrumpAuction: return "trump_auction";
    case DealStep::Kind::Exchange: return "exchange";
    case DealStep::Kind::DealRest: return "deal_rest";
    case DealStep::Kind::Melds: return "melds";
    case DealStep::Kind::TakeTurnUp: return "take_turn_up";
    case DealStep::Kind::Script: return "script";
    case DealStep::Kind::Registered: return "registered";
    case DealStep::Kind::Count: break;
  }
  return "?";
}

std::string step_name(const DealStep& step) {
  if (step.kind == DealStep::Kind::Script) return step.script;
  if (step.kind == DealStep::Kind::Registered && step.registered)
    return step.registered->name;
  return to_string(step.kind);
}

const char* to_string(HookPoint h) {
  switch (h) {
    case HookPoint::CannotFollow: return "cannot_follow";
    case HookPoint::CannotPlay: return "cannot_play";
    case HookPoint::TrickDone: return "trick_done";
    case HookPoint::DealScored: return "deal_scored";
    case HookPoint::StepDone: return "step_done";
    case HookPoint::BeforeFirstLead: return "before_first_lead";
    case HookPoint::CardPlayed: return "card_played";
    case HookPoint::LegalFilter: return "legal_filter";
    case HookPoint::MatchOver: return "match_over";
    case HookPoint::Captured: return "captured";
    case HookPoint::Refilled: return "refilled";
    case HookPoint::CombinationScored: return "combination_scored";
    case HookPoint::CaptureRule: return "capture_rule";
    case HookPoint::Count: break;
  }
  return "?";
}

const char* to_string(Direction d) {
  switch (d) {
    case Direction::Clockwise: return "clockwise";
    case Direction::Counterclockwise: return "counterclockwise";
    case Direction::Alternate: return "alternate";
  }
  return "?";
}

}  // namespace hukum
