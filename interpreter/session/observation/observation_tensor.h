// One seat's observation as a fixed-size array of numbers, for learning
// programs (the Python module): the same facts as Observation, nothing more,
// laid out in named sections whose sizes depend only on the ruleset (cards D,
// seats P, suits S), so every observation of a ruleset has one shape.
//
// Seats are relative to the observer: r0 is the seat itself, r1 the next
// seat in seat order, and so on. Sections, in order (docs/python.md):
//   zone:<name>[:rK]  D each   1 where the seat sees that card in that place
//                              (per-seat zones: hand, face_down, won: one
//                              block per relative seat; the others: one)
//   zone_counts       places   how many cards each of those places holds
//   trick             P x D    the card each relative seat put in the current trick
//   last_trick        P x D    the same for the last complete trick
//   trump             S + 1    the trump suit once public; the last: no trump known
//   to_move           P        the seat to move (none when the deal is over)
//   deciding          1        1 when this seat decides now (its turn, or a hand it plays)
//   dealer, bidder, high_bidder   P each
//   contract, high_bid            1 each (the number; 0 when none)
//   bids              P        each seat's bid of a `bids` step, -1 when none
//   tricks_won        P
//   same_side         P        1 for the seats on the observer's side this deal
//   match_scores      P        the match total of each relative seat's team
//   phase             phases   one-hot over the engine's phases
// Counts and scores are raw numbers (not scaled): scale them as the learner needs.
#pragma once

#include <string>
#include <vector>

#include "session/observation/observation.h"

namespace hukum {

struct TensorSection {
  std::string name;
  int offset = 0, size = 0;
};

class ObservationTensor {
 public:
  explicit ObservationTensor(const Ruleset& rules);
  int size() const { return size_; }
  const std::vector<TensorSection>& sections() const { return sections_; }
  // Writes `o` into out[0, size()) (every element: zeros where nothing is seen).
  void encode(const Observation& o, float* out) const;

 private:
  const Ruleset& rules_;
  int cards_, seats_, suits_;
  std::vector<TensorSection> sections_;
  int size_ = 0;
  // Where each place's block begins, by zone kind and relative seat.
  std::vector<int> place_block_;  // [zone * kMaxSeats + relative seat], -1: none
  std::vector<int> place_count_;  // the same for zone_counts
  int trick_ = 0, last_trick_ = 0, trump_ = 0, to_move_ = 0, deciding_ = 0, dealer_ = 0, bidder_ = 0,
      high_bidder_ = 0, contract_ = 0, high_bid_ = 0, bids_ = 0, tricks_won_ = 0, same_side_ = 0,
      match_scores_ = 0, phase_ = 0, step_ = 0;
  int add(const std::string& name, int size);
  int relative(int seat, int observer) const { return (seat - observer + seats_) % seats_; }
};

}  // namespace hukum
