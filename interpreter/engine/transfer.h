// The one primitive by which cards change zone (Zone, engine/zones.h). Every
// deal step, play, capture, pass, reveal and set-aside goes through it, and so
// does game.move: it keeps each zone in its own form (a set, the stock's
// order, the trick's order, a single card) and tells the sink, so the log has
// a `move` line for every move and a tool can follow every card from the deal
// to the end (the conformance tests do: following the moves must give each
// zone's cards at every turn). Always inlined: the places are known where it
// is called, so the switches fold to the bit operations, and a deal played
// without a sink (simulate, bench, bots) pays one test per move. (Left to
// itself the compiler keeps one out-of-line copy, and random play slows by
// a third.)
#pragma once

#include <algorithm>

#include "engine/state.h"

namespace hukum {

// `cards` leave `from` for `to`. From the stock they are its top cards; from
// the trick, the whole trick once it is complete; into the trick, one card,
// played by `from`'s seat. A deal's start and a throw-in gather every card
// back into the stock (reset_deal, redeal), which are not moves.
__attribute__((always_inline)) inline void GameState::transfer(CardSet cards, Place from, Place to) {
  const size_t f = size_t(from.seat), t = size_t(to.seat);
  // A trick cut short (end_deal) may hold cards still face down; a complete
  // one is turned up (its `trick` event names every card).
  bool face_down = sink_ && from.zone == Zone::Trick && trick_size_ < active_seats_ && trick_face_down_ != 0;
  switch (from.zone) {
    case Zone::Hand: hand_[f] &= ~cards; break;
    case Zone::FaceDown: hidden_[f] &= ~cards; break;
    case Zone::Won: captured_[f] &= ~cards; break;
    case Zone::Layout: layout_ &= ~cards; break;
    case Zone::Out: out_of_play_ &= ~cards; break;
    case Zone::Stock: stock_top_ += cards.size(); break;
    case Zone::Trick: trick_size_ = 0, trick_face_down_ = 0; break;
    case Zone::TurnUp: turn_up_ = kNoCard; break;
    case Zone::Pending: pending_ = kNoCard; break;
  }
  switch (to.zone) {
    case Zone::Hand: hand_[t] |= cards; break;
    case Zone::FaceDown: hidden_[t] |= cards; break;
    case Zone::Won: captured_[t] |= cards; break;
    case Zone::Layout:
      layout_ |= cards;
      for (Card c : cards) layout_arrival_[c] = ++layout_arrivals_;  // the initial layout: in deck order
      break;
    case Zone::Out: out_of_play_ |= cards; break;
    case Zone::Stock: break;  // never: see above
    case Zone::Trick: {
      const Card card = cards.first();
      face_down = plays_face_down(card);
      if (face_down) trick_face_down_ |= 1u << trick_size_;
      trick_card_[size_t(trick_size_)] = card;
      trick_seat_[size_t(trick_size_)] = int8_t(from.seat);
      ++trick_size_;
      break;
    }
    case Zone::TurnUp: turn_up_ = cards.first(); break;
    case Zone::Pending: pending_ = cards.first(); break;
  }
  if (sink_ && !cards.empty())
    sink_->cards_moved(cards, from, to,
                       face_down                        ? MoveSeen::FaceDown
                       : (cards & ~revealed_).empty() ? MoveSeen::Shown
                                                        : MoveSeen::ByZones);
}

// The stock's top `count` cards (fewer when it runs out) go to `to`, as one move.
inline CardSet GameState::draw(int count, Place to) {
  CardSet cards;
  for (int i = stock_top_, end = std::min(stock_size_, stock_top_ + count); i < end; ++i) cards.add(stock_[size_t(i)]);
  if (!cards.empty()) transfer(cards, kStockPlace, to);
  return cards;
}

}  // namespace hukum
