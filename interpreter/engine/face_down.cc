// Cards played face down (play.face_down): a trump goes to the trick face
// down and is turned up with the others when the trick is complete. Which
// positions lie face down is a bit per trick position (trick_face_down_), set
// in apply_play and cleared when the trick is won; observations show the card
// to its owner only, and redeal_unseen (determinize.cc) treats it as unseen.
#include "engine/state.h"

namespace hukum {

CardSet GameState::face_down_cards() const {
  CardSet out;
  for (int p = 0; p < trick_size_; ++p)
    if (face_down_at(p)) out.add(trick_card_[size_t(p)]);
  return out;
}

}  // namespace hukum
