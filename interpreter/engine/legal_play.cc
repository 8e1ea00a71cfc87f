// Which cards the seat to move may play (docs/ruleset-format.md, "Trick play"):
// to lead, the hand minus the lead restrictions; to follow, the hand through
// the ruleset's obligations in order; on the first trick, the first-lead card
// and the cards barred from it. Every filter keeps a subset of what is still
// allowed and never empties it, so a player always has a card. Hot path: bit
// sets and table look-ups only, nothing allocated, no Lua.
//
// Each filter is written once, as a template over which rule is switched off:
// play uses `AllRules` (every test of it is a constant false, so the compiled
// path is the plain one); rule coverage (legal_cards_without, only called by
// `simulate --coverage`) uses `OneRuleOff` to ask what the seat could play if
// one rule of the ruleset were not there.
#include "engine/state.h"

namespace hukum {

namespace {

// Keeps `kept` when it holds a card; otherwise the rule cannot apply.
inline void narrow(CardSet* allowed, CardSet kept) {
  if (!kept.empty()) *allowed = kept;
}

struct AllRules {
  static constexpr bool off(PlayRuleOff::Kind, size_t = 0) { return false; }
};

struct OneRuleOff {
  PlayRuleOff rule;
  bool off(PlayRuleOff::Kind kind, size_t index = 0) const { return rule.kind == kind && rule.index == index; }
};

}  // namespace

// Every card of an earlier trick: completed tricks are all in someone's won pile.
CardSet GameState::played_to_earlier_tricks() const {
  CardSet out;
  for (int s = 0; s < rules_.seats; ++s) out |= captured_[size_t(s)];
  return out;
}

void GameState::legal_plays(CardSet* out) const {
  if (offers_exclusive_) {
    *out = CardSet();
    return;
  }
  *out = legal_cards_with(AllRules{});
  // fishing.builds: an owner captures or builds. A bot's guessed world
  // (determinize) may deal the owner no card to take its build: then, rather
  // than no legal card at all, any card.
  if (build_count_ > 0 && owns_build(to_move_))
    if (const CardSet playable = playable_by_builder(*out); !playable.empty()) *out = playable;
}

CardSet GameState::legal_cards_without(PlayRuleOff rule) const {
  return legal_cards_with(OneRuleOff{rule});
}

template <class Rules>
CardSet GameState::legal_cards_with(const Rules& rules) const {
  using Kind = PlayRuleOff::Kind;
  CardSet allowed = trick_size_ == 0 ? legal_leads(rules) : legal_follows(rules);
  if (tricks_played_ == 0 && !rules_.play.not_on_first_trick.empty() && !rules.off(Kind::NotOnFirstTrick))
    narrow(&allowed, allowed & ~rules_.play.not_on_first_trick);
  // play.called_card: the duties of a card a hook called (called_card.cc).
  if (called_card_ != kNoCard && rules_.play.called_card && !rules.off(Kind::CalledCard))
    allowed = called_card_duties(allowed);
  // A card of no suit (deck.no_suit) may always be played, whatever the
  // obligations (unless a trump order makes it a trump: then it is one).
  if (!rules_.deck.no_suit.empty()) [[unlikely]]
    allowed |= hand_[size_t(to_move_)] & trump_view().suit_mask[kNoSuitSlot];
  return allowed;
}

template <class Rules>
CardSet GameState::legal_leads(const Rules& rules) const {
  using Kind = PlayRuleOff::Kind;
  const TrickRules& play = rules_.play;
  const CardSet hand = hand_[size_t(to_move_)];
  if (tricks_played_ == 0 && play.first_lead_card_led && !(hand & play.first_lead_cards).empty() &&
      !rules.off(Kind::FirstLeadCard))
    return hand & play.first_lead_cards;
  if (play.lead_restrictions.empty()) return hand;
  const TrumpView& view = trump_view();
  const CardSet played = played_to_earlier_tricks();
  CardSet allowed = hand;
  for (size_t i = 0; i < play.lead_restrictions.size(); ++i) {
    const LeadRestriction& r = play.lead_restrictions[i];
    if (rules.off(Kind::LeadRestriction, i)) continue;
    CardSet barred;
    switch (r.kind) {
      case LeadRestriction::Kind::Cards:
        if ((played & r.until).empty()) barred = r.cards;
        break;
      case LeadRestriction::Kind::Trump:
        if ((played & view.trumps).empty()) barred = view.trumps;
        break;
      case LeadRestriction::Kind::Hidden:
        for (Card c : hidden_[size_t(to_move_)]) barred |= view.suit_mask[view.suit[c]];
        break;
    }
    narrow(&allowed, allowed & ~barred);
  }
  return allowed;
}

template <class Rules>
CardSet GameState::legal_follows(const Rules& rules) const {
  using Kind = PlayRuleOff::Kind;
  const TrickRules& play = rules_.play;
  const TrumpView& view = trump_view();
  const CardSet hand = hand_[size_t(to_move_)];
  if (led_suit_ == kNoSuitSlot) [[unlikely]] return hand;  // only a card of no suit so far: nothing to follow
  const CardSet led = view.suit_mask[size_t(led_suit_)];
  // A hook's require_trump makes this seat trump as if trump_if_void were listed.
  const bool hook_trump = must_trump_seat_ == to_move_ && !rules.off(Kind::HookTrump);
  const size_t n = play.obligations.size();
  // play.follow_exempt: cards that need not follow when they are all the
  // hand holds of the suit led (the highest trump, or the top trumps above
  // a lower trump led, on a trump lead). They
  // are in the suit: whoever holds another card of it follows, with them too.
  CardSet exempt = rules.off(Kind::FollowExempt) ? CardSet() : view.follow_exempt;
  if (play.follow_exempt == TrickRules::FollowExempt::TopTrumps && !exempt.empty()) [[unlikely]] {
    // top_trumps: each only above the card that set the suit led (reneging).
    int lead = 0;
    while (lead + 1 < trick_size_ && view.suit[trick_card_[size_t(lead)]] != led_suit_) ++lead;
    exempt &= play.follow_exempt_against(view, trick_card_[size_t(lead)]);
  }
  // Following suit as the one obligation, the commonest rule, is the loop
  // below in one step; that loop's bookkeeping costs more than the rule.
  if (n == 1 && play.obligations[0] == PlayFilter::FollowSuit && !hook_trump && !rules.off(Kind::Obligation, 0)) {
    const CardSet follows = hand & led;
    return (follows & ~exempt).empty() ? hand : follows;
  }
  // Not owing the suit led is not being void in it: trump_if_void asks a
  // player holding no card of it at all.
  const bool void_in_led = (hand & led).empty();
  bool made_to_trump = false;
  TrickBest best{};
  bool best_known = false;
  auto best_so_far = [&]() -> const TrickBest& {
    if (!best_known) best = trick_best(), best_known = true;
    return best;
  };
  CardSet allowed = hand;
  auto trump_if_void = [&] {
    if (!void_in_led || (allowed & view.trumps).empty()) return;
    allowed &= view.trumps;
    made_to_trump = true;
  };
  // The allowed trumps that beat the trick's best trump, when it holds one.
  auto over = [&]() {
    const TrickBest& b = best_so_far();
    if (!b.trump) return;
    CardSet higher;
    for (Card c : allowed & view.trumps)
      if (view.strength[c] > b.strength) higher.add(c);
    narrow(&allowed, higher);
  };
  for (size_t i = 0; i <= n; ++i) {
    if (hook_trump && i == play.hook_trump_at) trump_if_void();
    if (i == n) break;
    if (rules.off(Kind::Obligation, i)) continue;
    switch (play.obligations[i]) {
      case PlayFilter::FollowSuit:
        if (!(allowed & led & ~exempt).empty()) allowed &= led;
        break;
      case PlayFilter::FollowSuitOrTrump:
        // To a trump lead the trumps are the suit led: plain following.
        if (!(allowed & led & ~exempt).empty()) allowed &= led | view.trumps;
        break;
      case PlayFilter::TrumpIfVoid:
        trump_if_void();
        break;
      case PlayFilter::Overruff:
        if (made_to_trump) over();
        break;
      case PlayFilter::Overtrump:
        if (!allowed.empty() && (allowed & ~view.trumps).empty()) over();
        break;
      case PlayFilter::HeadTrick: {
        const TrickBest& b = best_so_far();
        CardSet beats;
        for (Card c : allowed) {
          const bool trump = view.trumps.contains(c);
          if (trump ? !b.trump || view.strength[c] > b.strength
                    : !b.trump && view.suit[c] == led_suit_ && view.strength[c] > b.strength)
            beats.add(c);
        }
        narrow(&allowed, beats);
        break;
      }
      case PlayFilter::NoUndertrump: {
        // Only a ruff can undertrump: a trump lead is followed, not trumped.
        if (!(led & view.trumps).empty()) break;
        const TrickBest& b = best_so_far();
        if (!b.trump) break;
        CardSet under;
        for (Card c : allowed & view.trumps)
          if (view.strength[c] < b.strength) under.add(c);
        narrow(&allowed, allowed & ~under);
        break;
      }
      case PlayFilter::FreeIfPartnerWins: {
        // A lead is nobody's partner's yet; a partner of a side decided per
        // deal counts, as far as the player knows it (a secret side does not
        // free him), the player himself never does.
        if (trick_size_ == 0) break;
        const int holder = trick_seat_[size_t(best_so_far().position)];
        if (holder != to_move_ && same_side_seen_by(to_move_, holder, to_move_)) return allowed;
        break;
      }
      case PlayFilter::Count:
        break;
    }
  }
  return allowed;
}

// Who leads the first trick: the holder of the first-lead card when the
// ruleset names one and it was dealt, else the seat play.first_lead names.
int GameState::first_leader() const {
  const CardSet cards = rules_.play.first_lead_cards;
  if (!cards.empty()) {
    int seat = next_seat(dealer_);
    for (int i = 0; i < rules_.seats; ++i, seat = next_seat(seat))
      if (!sits_out(seat) && !(hand_[size_t(seat)] & cards).empty()) return seat;
  }
  return seat_ref(rules_.play.first_lead);
}

}  // namespace hukum
