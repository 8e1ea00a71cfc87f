// Random card play without a player in the loop (GameState::play_random_cards).
// Random play spends most of a deal in the runner's loop around each card (a
// player asked, its action checked against the legal ones, dispatched by kind);
// a card random_card draws from the legal cards is legal by construction, so
// it goes straight to apply_play, the one place a card's rules are applied.
//
// Under the plain rules with nothing watching the cards (quick_tricks_), a
// trick's cards up to its last are played by play_quick_trick: what apply_play
// and prepare_turn do for such a card, without their tests of rules that are
// not in force, the trump looked up once a trick. The last card of a trick
// goes through continue_after_card like any other, so the trick's end, scoring
// and the next turn are the general code's. tests/unit/random_play_test.cc
// plays every bundled game both ways (asked and drawn here) and compares.
#include "core/random_card.h"
#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

bool GameState::play_random_cards(Rng* const* streams, bool draw_for_one) {
  if (sink_) return true;  // every action is told to the sink: the runner's loop does that
  // No card at all: the deal is over (nobody to move: decider() is not to be
  // asked) or no action is legal, which the runner reports.
  while (legal_.cards_only && legal_.card_kind == ActionKind::Play && !legal_.cards.empty()) {
    if (quick_tricks_ && quick_trick_due()) [[likely]] {
      bool stopped = false;
      if (!play_quick_trick(streams, draw_for_one, &stopped)) return false;
      if (stopped) return true;
#ifdef HUKUM_CHECK_INVARIANTS
      assert_invariants();
#endif
      continue;
    }
    Rng* stream = streams[size_t(decider())];
    if (!stream) return true;
    const CardSet cards = legal_.cards;
    const Card card = draw_for_one || cards.size() != 1 ? random_card(cards, *stream) : cards.first();
    error_.clear();  // as apply_action: an earlier refusal must not fail this card
    if (!apply_play(card)) return false;
#ifdef HUKUM_CHECK_INVARIANTS
    assert_invariants();
#endif
  }
  return true;
}

// What prepare_turn and update_legal's fast path would find for every card of
// the trick: trick play, no question, no word offered, no deal end asked for,
// no meld turn open. None of it changes until the trick's last card.
bool GameState::quick_trick_due() const {
  return phase_ == Phase::Play && asked_seat_ < 0 && !end_requested_ && melds_due_ == 0 && offers_.empty() &&
         number_offers_.empty() && !offers_exclusive_ && ask_cards_.empty() && legal_.word_values.empty() &&
         number_values_.empty() && legal_.word_low == number_low_ && legal_.word_high == number_high_;
}

// Plays the trick's cards from the seat to move to the last (which goes through
// continue_after_card). *stopped: a seat without a stream or without a card is
// to move, and play_random_cards returns.
bool GameState::play_quick_trick(Rng* const* streams, bool draw_for_one, bool* stopped) {
  return narrow_deck_ ? quick_trick_cards<true>(streams, draw_for_one, stopped)
                      : quick_trick_cards<false>(streams, draw_for_one, stopped);
}

// kNarrow: a deck of at most 64 cards, so every set's high word is empty. The
// sets read here are cut to their low word, which tells the compiler so: the
// 52-card games do half the bit work (the "keep a fast path").
template <bool kNarrow>
bool GameState::quick_trick_cards(Rng* const* streams, bool draw_for_one, bool* stopped) {
  auto narrow = [](CardSet set) { return kNarrow ? CardSet(set.low_word()) : set; };
  const TrumpView* view = &trump_view();
  const bool follow_compulsory = rules_.play.follow_compulsory;
  // play.trump_method first_discard: the first card that does not follow fixes trump.
  bool trump_by_discard = trump_suit_ < 0 && rules_.play.trump_method == TrumpMethod::FirstDiscard;
  for (;;) {
    const int seat = to_move_;
    Rng* stream = streams[size_t(controller_[size_t(seat)])];
    const CardSet cards = narrow(legal_.cards);
    if (!stream || cards.empty()) {
      *stopped = true;
      return true;
    }
    const Card card = draw_for_one || cards.size() != 1 ? random_card(cards, *stream) : cards.first();
    // apply_play, for the plain rules.
    hook_actions_in_row_ = 0;
    const int suit = view->suit[card];
    if (trick_size_ == 0) led_suit_ = suit, trump_from_position_ = 0;
    const bool off_suit = suit != led_suit_;
    const uint64_t shows_out = 0 - uint64_t(off_suit & follow_compulsory);
    not_held_[size_t(seat)] |= narrow(view->suit_mask[size_t(led_suit_)]) & CardSet(shows_out, shows_out);
    if (trump_by_discard && off_suit) [[unlikely]] {
      trump_suit_ = suit;  // counts itself (apply_play)
      trump_from_position_ = trick_size_;
      trump_by_discard = false;
      view = &trump_view();
    }
    transfer(kNarrow ? CardSet(uint64_t(1) << card) : CardSet::of(card), hand_place(seat), kTrickPlace);
    must_trump_seat_ = -1;
    if (trick_size_ == active_seats_) return continue_after_card(seat);
    // continue_after_card and prepare_turn, for a trick not yet complete.
    to_move_ = next_seat(seat);
    // A turn hook (cannot_follow, cannot_play) may offer a word or act: the
    // general turn, and play_random_cards looks at what it left.
    if (turn_hooks_ && turn_hook_due()) [[unlikely]] return prepare_turn();
    const CardSet hand = narrow(hand_[size_t(to_move_)]);
    const CardSet follows = hand & narrow(view->suit_mask[size_t(led_suit_)]);
    legal_.cards = follows.empty() ? hand : follows;  // plain_plays, the trick begun
#ifdef HUKUM_CHECK_INVARIANTS
    assert_invariants();
#endif
  }
}

}  // namespace hukum
