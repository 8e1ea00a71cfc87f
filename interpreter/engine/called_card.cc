// A called card (game.call_card) and its duties (play.called_card,
// docs/ruleset-format.md "A called card"): a hook names the card a seat
// called for the deal (a partner's card); while the card is in a player's
// hand, each duty listed narrows what may be played, as the other play rules
// do (never to nothing). "Its suit" is the card's suit in the trump order in
// force (a fail suit when it is no trump).
#include "engine/state.h"

namespace hukum {

std::string GameState::call_card(int seat, Card card) {
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  if (!rules_.deck.all.contains(card)) return "no such card";
  if (called_card_ != kNoCard) return "a card was called already this deal (" + rules_.deck.card_text(called_card_) + ")";
  called_card_ = card;
  caller_ = int8_t(seat);
  return {};
}

CardSet GameState::called_card_duties(CardSet allowed) const {
  using Trick = TrickRules;
  const uint8_t duties = rules_.play.called_card;
  const Card called = called_card_;
  const CardSet hand = hand_[size_t(to_move_)];
  const bool holds = hand.contains(called);
  // Played, buried or in the stock: its duties are over (or not yet).
  if (!holds) {
    bool in_hand = false;
    for (int s = 0; s < rules_.seats && !in_hand; ++s) in_hand = hand_[size_t(s)].contains(called);
    if (!in_hand) return allowed;
  }
  const TrumpView& view = trump_view();
  const int suit = view.suit[called];
  const CardSet suit_cards = view.suit_mask[size_t(suit)];
  auto narrow = [&](CardSet kept) {
    if (!kept.empty()) allowed = kept;
  };
  if (trick_size_ == 0) {
    // lead_it: leading its suit, its holder leads it.
    if ((duties & Trick::kLeadIt) && holds) narrow(allowed & ~(suit_cards & ~CardSet::of(called)));
    return allowed;
  }
  if (led_suit_ == suit) {
    // falls_when_led: its suit led, its holder plays it.
    if ((duties & Trick::kFallsWhenLed) && holds && allowed.contains(called)) allowed = CardSet::of(called);
    return allowed;
  }
  // Another suit led.
  if ((duties & Trick::kNotDiscarded) && holds) narrow(allowed & ~CardSet::of(called));
  // caller_keeps_suit: the caller keeps his last card of its suit.
  if ((duties & Trick::kCallerKeepsSuit) && to_move_ == caller_ && (hand & suit_cards).size() == 1)
    narrow(allowed & ~suit_cards);
  return allowed;
}

}  // namespace hukum
