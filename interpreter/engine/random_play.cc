// Random card play without a player in the loop (GameState::play_random_cards).
// Random play spends most of a deal in the runner's loop around each card (a
// player asked, its action checked against the legal ones, dispatched by kind);
// a card random_card draws from the legal cards is legal by construction, so
// it goes straight to apply_play, the one place a card's rules are applied.
#include "core/random_card.h"
#include "engine/state.h"

namespace hukum {

bool GameState::play_random_cards(Rng* const* streams, bool draw_for_one) {
  if (sink_) return true;  // every action is told to the sink: the runner's loop does that
  // No card at all: the deal is over (nobody to move: decider() is not to be
  // asked) or no action is legal, which the runner reports.
  while (legal_.cards_only && legal_.card_kind == ActionKind::Play && !legal_.cards.empty()) {
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

}  // namespace hukum
