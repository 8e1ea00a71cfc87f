#include "session/observation/observation_tensor.h"

#include <algorithm>

#include "engine/zones.h"

namespace hukum {

namespace {

constexpr int kPhases = int(Phase::DealOver) + 1;

void set_cards(float* block, CardSet cards) {
  for (Card c : cards) block[c] = 1.0f;
}

}  // namespace

int ObservationTensor::add(const std::string& name, int size) {
  sections_.push_back({name, size_, size});
  size_ += size;
  return size_ - size;
}

ObservationTensor::ObservationTensor(const Ruleset& rules)
    : rules_(rules),
      cards_(int(rules.deck.cards.size())),
      seats_(rules.seats),
      suits_(int(rules.deck.suits.size())),
      place_block_(size_t(kZoneKinds * kMaxSeats), -1),
      place_count_(size_t(kZoneKinds * kMaxSeats), -1) {
  std::vector<std::pair<int, int>> places;  // (zone, relative seat) in block order
  for (int z = 0; z < kZoneKinds; ++z) {
    const ZoneInfo& info = zone_info(Zone(z));
    const int blocks = info.per_seat ? seats_ : 1;
    for (int r = 0; r < blocks; ++r) {
      std::string name = std::string("zone:") + info.name;
      if (info.per_seat) name += ":r" + std::to_string(r);
      place_block_[size_t(z * kMaxSeats + r)] = add(name, cards_);
      places.emplace_back(z, r);
    }
  }
  const int counts = add("zone_counts", int(places.size()));
  for (size_t i = 0; i < places.size(); ++i)
    place_count_[size_t(places[i].first * kMaxSeats + places[i].second)] = counts + int(i);
  trick_ = add("trick", seats_ * cards_);
  last_trick_ = add("last_trick", seats_ * cards_);
  trump_ = add("trump", suits_ + 1);
  to_move_ = add("to_move", seats_);
  deciding_ = add("deciding", 1);
  dealer_ = add("dealer", seats_);
  bidder_ = add("bidder", seats_);
  high_bidder_ = add("high_bidder", seats_);
  contract_ = add("contract", 1);
  high_bid_ = add("high_bid", 1);
  bids_ = add("bids", seats_);
  tricks_won_ = add("tricks_won", seats_);
  same_side_ = add("same_side", seats_);
  match_scores_ = add("match_scores", seats_);
  phase_ = add("phase", kPhases);
  // Which step of the deal plan asks (Phase::Question): one entry per step, so
  // two steps of one kind (two rounds of bids, say) stay apart.
  step_ = add("step", int(rules.deal.size()));
}

void ObservationTensor::encode(const Observation& o, float* out) const {
  std::fill(out, out + size_, 0.0f);
  const int me = o.seat;
  for (const Observation::ZoneSeen& z : o.zones) {
    const int r = zone_info(z.place.zone).per_seat ? relative(z.place.seat, me) : 0;
    const size_t key = size_t(int(z.place.zone) * kMaxSeats + r);
    set_cards(out + place_block_[key], z.cards);
    out[place_count_[key]] = float(z.count);
  }
  for (auto [seat, card] : o.trick)
    if (card != kNoCard) out[trick_ + relative(seat, me) * cards_ + card] = 1.0f;
  for (auto [seat, card] : o.last_trick)
    if (card != kNoCard) out[last_trick_ + relative(seat, me) * cards_ + card] = 1.0f;
  out[trump_ + (o.trump_suit >= 0 && o.trump_suit < suits_ ? o.trump_suit : suits_)] = 1.0f;
  auto one_hot = [&](int section, int seat) {
    if (seat >= 0 && seat < seats_) out[section + relative(seat, me)] = 1.0f;
  };
  if (o.phase != Phase::DealOver) one_hot(to_move_, o.to_move);
  out[deciding_] = o.legal.empty() ? 0.0f : 1.0f;
  one_hot(dealer_, o.dealer);
  one_hot(bidder_, o.bidder);
  one_hot(high_bidder_, o.high_bidder);
  out[contract_] = float(o.contract);
  out[high_bid_] = float(o.high_bid);
  for (int s = 0; s < seats_; ++s) {
    const int r = relative(s, me);
    out[bids_ + r] = s < int(o.bids.size()) ? float(o.bids[size_t(s)]) : -1.0f;
    out[tricks_won_ + r] = s < int(o.tricks_won.size()) ? float(o.tricks_won[size_t(s)]) : 0.0f;
    const bool same = o.sides.empty() ? rules_.team_of[size_t(s)] == rules_.team_of[size_t(me)]
                                      : o.sides[size_t(s)] == o.sides[size_t(me)];
    out[same_side_ + r] = same ? 1.0f : 0.0f;
    const size_t team = rules_.team_of[size_t(s)];
    out[match_scores_ + r] = team < o.match_scores.size() ? float(o.match_scores[team]) : 0.0f;
  }
  out[phase_ + int(o.phase)] = 1.0f;
  if (o.step_index >= 0 && o.step_index < int(rules_.deal.size())) out[step_ + o.step_index] = 1.0f;
}

}  // namespace hukum
