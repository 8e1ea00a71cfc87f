// The turn-up deal steps: a card of the stock turned face up on the table
// (`turn_up`, public to every seat), rounds of calls over the trump suit
// (`trump_auction`: accept the turn-up's suit or pass, then name a suit or
// pass; all passing throws the deal in), the swap of a named card of the
// turn-up's suit for it (`exchange`), and the rest of the deal in which the
// turn-up (or the card swapped for it) is one seat's last card (`deal_rest`).
// A card that leaves the table for a hand stays known to everyone (revealed).
#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

void GameState::turn_up_card() {
  if (stock_top_ >= stock_size_) return;
  draw(1, kTurnUpPlace);
  if (sink_) sink_->turned_up(turn_up_, kNoSeat);
}

// Fixed deals (scenarios): the turn-up is the `trump_card` given, or else the
// last card listed for the seat that receives it in deal_rest (its hand is
// then listed in full, as it ends up before any exchange). When that seat is
// the bidder, known only later, it is the seat whose listed hand holds the
// turn-up (stack_stock moves the card to the end of that listing).
bool GameState::stack_turn_up(const FixedDeal& fixed, const DealStep& rest, CardSet* used,
                              std::vector<size_t>* taken, int* n, bool* from_hand) {
  const int target = fixed_turn_up_seat_ >= 0 ? int(fixed_turn_up_seat_) : seat_ref(rest.seat);
  const auto& listed = fixed.hands[size_t(target)];
  Card card = fixed.random_trump_card;
  *from_hand = int(listed.size()) == rules_.hand_size && !listed.empty();
  if (*from_hand) {
    if (card != kNoCard && card != listed.back()) {
      error_ = "the turn-up is " + rules_.deck.card_text(card) + " (trump_card), but the last card of " +
               rules_.seat_names[size_t(target)] + " is " + rules_.deck.card_text(listed.back()) +
               "; list " + std::to_string(rules_.hand_size - 1) + " cards for that seat, or end them with the turn-up";
      return false;
    }
    card = listed.back();
  }
  if (card == kNoCard) {
    error_ = "a card is turned up: give it with trump_card, or as the last card of " + rules_.seat_names[size_t(target)];
    return false;
  }
  if (used->contains(card)) {
    error_ = "card " + rules_.deck.card_text(card) + " is dealt twice";
    return false;
  }
  used->add(card);
  stock_[size_t((*n)++)] = card;
  (void)taken;
  return true;
}

bool GameState::deal_rest(const DealStep& step) {
  const int target = seat_ref(step.seat);
  // A fixed deal stacked the rest for the seat listing the turn-up: another
  // seat taking it would get some other seat's cards.
  if (fixed_turn_up_seat_ >= 0 && turn_up_ != kNoCard && fixed_turn_up_seat_ != target) {
    error_ = "the turn-up " + rules_.deck.card_text(turn_up_) + " goes to " + rules_.seat_names[size_t(target)] +
             " (deal_rest), but the fixed deal lists it in the hand of " +
             rules_.seat_names[size_t(fixed_turn_up_seat_)] + ": list it in the hand of the seat that takes it";
    return false;
  }
  std::array<CardSet, kMaxSeats> dealt{};
  for (size_t p = 0; p < step.packets.size(); ++p) {
    int seat = seat_ref(SeatRef::DealerNext);
    for (int s = 0; s < rules_.seats; ++s, seat = next_seat(seat)) {
      // The target's last card is the turn-up, when one lies on the table.
      const bool takes_turn_up =
          seat == target && p + 1 == step.packets.size() && step.packets[p] > 0 && turn_up_ != kNoCard;
      dealt[size_t(seat)] |= draw(step.packets[p] - int(takes_turn_up), hand_place(seat));
      if (takes_turn_up) {
        revealed_.add(turn_up_);  // everyone saw it on the table
        dealt[size_t(seat)].add(turn_up_);
        transfer(turn_up_zone(), kTurnUpPlace, hand_place(seat));
      }
    }
  }
  if (sink_)
    for (int s = 0; s < rules_.seats; ++s) sink_->cards_dealt(s, dealt[size_t(s)]);
  return true;
}

// ---- The trump auction ----

void GameState::begin_trump_auction() {
  phase_ = Phase::Question;
  auction_round_ = 0;
  auction_turn_ = 0;
  to_move_ = trump_auction_speaker();
  update_legal();
}

void GameState::legal_trump_calls(LegalActions* out) const {
  const TrumpAuctionRules& a = rules_.trump_auction;
  const int speakers = a.order.empty() ? rules_.seats : int(a.order.size());
  const auto round = a.rounds[size_t(auction_round_)];
  if (round == TrumpAuctionRules::Round::Accept) {
    out->can_accept = turn_up_ != kNoCard;
  } else {
    out->suits = uint8_t((1u << rules_.deck.suits.size()) - 1);
    if (round == TrumpAuctionRules::Round::NameOther && turn_up_ != kNoCard)
      out->suits &= uint8_t(~(1u << rules_.deck.cards[turn_up_].suit));
  }
  // The last speaker of the last round may have to choose (no throw-in),
  // when there is something to choose.
  const bool last = auction_round_ + 1 == int(a.rounds.size()) && auction_turn_ + 1 == speakers;
  out->can_pass = !(a.last_must_call && last && (out->can_accept || out->suits != 0));
}

int GameState::trump_auction_speaker() const {
  const auto& order = rules_.trump_auction.order;
  if (!order.empty()) return seat_ref(order[size_t(auction_turn_)]);
  int seat = seat_ref(SeatRef::DealerNext);
  for (int i = 0; i < auction_turn_; ++i) seat = next_seat(seat);
  return seat;
}

// Nobody took a trump: the cards are set aside unplayed and the deal scores as
// thrown in (result all_passed); the next dealer follows next_dealer.draw.
void GameState::throw_in() {
  for (int s = 0; s < rules_.seats; ++s) set_aside_held(s);
  if (turn_up_ != kNoCard) transfer(turn_up_zone(), kTurnUpPlace, kOutPlace);
  result_.ended_early = true;
  score_deal();
}

bool GameState::apply_trump_call(const Action& action) {
  hook_actions_in_row_ = 0;
  const int seat = to_move_;
  if (action.kind == ActionKind::Accept || action.kind == ActionKind::Name) {
    const int suit = action.kind == ActionKind::Accept ? rules_.deck.cards[turn_up_].suit : action.value;
    set_bidder(seat);
    trump_suit_ = suit;
    turn_up_accepted_ = action.kind == ActionKind::Accept;
    if (sink_) sink_->trump_set(suit, seat);
    return advance_plan() && run_deal_plan();
  }
  const int speakers = rules_.trump_auction.order.empty() ? rules_.seats : int(rules_.trump_auction.order.size());
  if (++auction_turn_ >= speakers) {
    auction_turn_ = 0;
    if (++auction_round_ >= int(rules_.trump_auction.rounds.size())) {
      throw_in();
      return error_.empty();
    }
  }
  to_move_ = trump_auction_speaker();
  update_legal();
  return true;
}

// ---- The exchange with the turn-up ----

// Every seat in turn from the dealer's next is asked, not only the holder, so
// that who holds the card stays hidden: a seat without it can only pass.
bool GameState::begin_exchange(const DealStep& step) {
  exchange_cards_ = CardSet();
  exchange_turn_ = 0;
  if (turn_up_ == kNoCard || step.rank < 0) return false;
  const int suit = rules_.deck.cards[turn_up_].suit;
  for (Card c : rules_.deck.suit_mask[size_t(suit)])
    if (rules_.deck.cards[c].rank == step.rank) exchange_cards_.add(c);
  if (exchange_cards_.contains(turn_up_)) return false;  // the turn-up is that card itself
  phase_ = Phase::Question;
  to_move_ = seat_ref(SeatRef::DealerNext);
  update_legal();
  return true;
}

void GameState::legal_exchange(LegalActions* out) const {
  out->card_kind = ActionKind::Exchange;
  out->cards = hand_[size_t(to_move_)] & exchange_cards_;
  out->can_pass = true;
}

bool GameState::apply_exchange(const Action& action) {
  hook_actions_in_row_ = 0;
  const int seat = to_move_;
  if (action.kind == ActionKind::Exchange) {
    revealed_.add(turn_up_);  // everyone saw it taken from the table
    transfer(turn_up_zone(), kTurnUpPlace, hand_place(seat));
    transfer(CardSet::of(action.card), hand_place(seat), kTurnUpPlace);
    if (sink_) sink_->turned_up(action.card, seat);
  } else if (++exchange_turn_ < rules_.seats) {
    to_move_ = next_seat(seat);
    update_legal();
    return true;
  }
  exchange_cards_ = CardSet();
  return advance_plan() && run_deal_plan();
}

}  // namespace hukum
