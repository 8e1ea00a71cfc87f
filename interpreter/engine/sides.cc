// The sides of a deal: who plays together. By default the ruleset's teams; a
// ruleset may instead set the bidder alone against the others once the
// auction names it (teams.deal_sides: bidder_alone), and a hook may set any
// partition (game.set_sides: the caller and the holder of a called card).
// Match totals stay per team. Sides a hook sets may be secret, known to some
// seats only (the holder of a called card): side_of_ is then the truth (what
// scoring and hooks read) and the other seats see the sides in force before
// (public_side_of_) in their views, logs and sampled worlds, until a hook
// sets public sides (the same ones, once a card shows them). A seat's sampled
// world holds no secret it did not know, so a hook makes sides public by
// setting them again from what the table shows, never by "revealing" them.
#include "engine/state.h"

namespace hukum {

void GameState::set_bidder(int seat) {
  bidder_ = seat;
  if (seat < 0 || rules_.deal_sides != Ruleset::DealSides::BidderAlone) return;
  sides_known_to_ = 0;  // public sides replace any secret ones
  for (int s = 0; s < rules_.seats; ++s) side_of_[size_t(s)] = int8_t(s == seat ? 0 : 1);
  sides_changed_ = true;
  announce_sides();
}

std::string GameState::set_sides(const std::vector<std::vector<int>>& sides, uint32_t known_to) {
  if (sides.empty() || int(sides.size()) > rules_.seats) return "give from 1 to " + std::to_string(rules_.seats) + " sides";
  std::array<int8_t, kMaxSeats> side_of;
  side_of.fill(-1);
  for (size_t k = 0; k < sides.size(); ++k) {
    if (sides[k].empty()) return "side " + std::to_string(k + 1) + " has no seat";
    for (int seat : sides[k]) {
      if (seat < 0 || seat >= rules_.seats) return "no such seat";
      if (side_of[size_t(seat)] >= 0) return "seat " + rules_.seat_names[size_t(seat)] + " is on two sides";
      side_of[size_t(seat)] = int8_t(k);
    }
  }
  for (int s = 0; s < rules_.seats; ++s)
    if (side_of[size_t(s)] < 0) return "seat " + rules_.seat_names[size_t(s)] + " is on no side";
  const uint32_t all = (1u << rules_.seats) - 1;
  if (known_to != kAllSeatsKnow && (known_to & ~all) != 0) return "no such seat";
  if (known_to != kAllSeatsKnow && (known_to & all) != all) {
    if (known_to == 0) return "secret sides must be known to a seat at least";
    if (!sides_secret()) {  // what the others keep seeing: the sides in force now
      public_side_of_ = side_of_;
      public_sides_changed_ = sides_changed_;
    }
    side_of_ = side_of;
    sides_changed_ = true;
    sides_known_to_ = known_to;
    if (sink_) sink_->secret_sides_set(std::vector<int>(side_of_.begin(), side_of_.begin() + rules_.seats), known_to);
    return {};
  }
  side_of_ = side_of;
  sides_changed_ = true;
  sides_known_to_ = 0;
  announce_sides();
  return {};
}

std::string GameState::not_held(int seat, CardSet cards) {
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  // A rule states it, and the referee checks it: a world dealt by it must be possible.
  if (!(cards & (hand_[size_t(seat)] | hidden_[size_t(seat)])).empty())
    return "seat " + rules_.seat_names[size_t(seat)] + " holds one of those cards";
  hook_not_held_[size_t(seat)] |= cards;
  return {};
}

void GameState::announce_sides() {
  if (!sink_) return;
  std::vector<int> sides(side_of_.begin(), side_of_.begin() + rules_.seats);
  sink_->sides_set(sides);
}

}  // namespace hukum
