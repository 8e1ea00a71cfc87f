// The sides of a deal: who plays together. By default the ruleset's teams; a
// ruleset may instead set the bidder alone against the others once the
// auction names it (teams.deal_sides: bidder_alone), and a hook may set any
// partition (game.set_sides: the caller and the holder of a called card).
// Sides are public; match totals stay per team.
#include "engine/state.h"

namespace hukum {

void GameState::set_bidder(int seat) {
  bidder_ = seat;
  if (seat < 0 || rules_.deal_sides != Ruleset::DealSides::BidderAlone) return;
  for (int s = 0; s < rules_.seats; ++s) side_of_[size_t(s)] = int8_t(s == seat ? 0 : 1);
  sides_changed_ = true;
  announce_sides();
}

std::string GameState::set_sides(const std::vector<std::vector<int>>& sides) {
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
  side_of_ = side_of;
  sides_changed_ = true;
  announce_sides();
  return {};
}

void GameState::announce_sides() {
  if (!sink_) return;
  std::vector<int> sides(side_of_.begin(), side_of_.begin() + rules_.seats);
  sink_->sides_set(sides);
}

}  // namespace hukum
