// Capture by sum (fishing.capture.by_sum): a card takes a set of layout cards
// whose values add up to its own value (or to pair_sum minus it). The sets a
// card may take are found by a small search; when there are several, its
// player names the cards of the chosen set one by one (`take <card>`), each
// time among the cards that still complete some set, and the set is taken as
// soon as only one remains. With rank_first, a layout card of the played
// card's rank is taken alone and no sum is allowed; a same_rank rank takes only
// its own rank.
#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

namespace {

// Every subset of `cards` (values `value`, ascending by index) with `room`
// cards at most whose values add up to `left`; appended as bit masks over the
// positions of `cards`, with their union and count.
struct SubsetSearch {
  const int* value;
  int n;
  int sets = 0;
  uint64_t all = 0, last = 0;

  void run(int from, int left, int room, uint64_t chosen) {
    if (left == 0) {
      ++sets;
      all |= chosen;
      last = chosen;
      return;
    }
    if (room == 0) return;
    for (int i = from; i < n; ++i)
      if (value[i] <= left) run(i + 1, left - value[i], room - 1, chosen | (uint64_t(1) << i));
  }
};

}  // namespace

GameState::SumChoice GameState::sum_choice(Card by, CardSet taken) const {
  const FishingRules& f = rules_.fishing;
  SumChoice out;
  const int rank = rules_.deck.cards[by].rank;
  // A card of the same rank on the layout is taken alone (rank_first), as is
  // any card of a rank that captures only its own rank.
  if (f.same_rank[size_t(rank)] || f.rank_first) {
    const CardSet same = layout_ & f.rank_cards[size_t(rank)] & ~CardSet::of(by);
    if (!same.empty() || f.same_rank[size_t(rank)]) {
      if (!taken.empty()) {  // the one card is chosen: the set is complete
        out.sets = 1;
        out.only = taken;
        return out;
      }
      out.sets = same.size();
      out.cards = same;
      if (out.sets == 1) out.only = same;
      return out;
    }
  }
  const int own = f.rank_value[size_t(rank)];
  int left = f.sum_to_own_value ? own : f.pair_sum - own;
  for (Card c : taken) left -= f.rank_value[size_t(rules_.deck.cards[c].rank)];
  const int room = f.max_targets - taken.size();
  if (left < 0 || room < 0) return out;
  if (left == 0) {
    if (taken.empty()) return out;  // a set has at least one card
    out.sets = 1;
    out.only = taken;
    return out;
  }
  // The layout cards that may join a set (small enough values), at most 64.
  std::array<Card, 64> card{};
  std::array<int, 64> value{};
  int n = 0;
  for (Card c : layout_ & f.captures[by] & ~taken) {
    const int v = f.rank_value[size_t(rules_.deck.cards[c].rank)];
    if (v <= 0 || v > left || n == 64) continue;
    card[size_t(n)] = c;
    value[size_t(n++)] = v;
  }
  SubsetSearch search{value.data(), n};
  search.run(0, left, room, 0);
  out.sets = search.sets;
  for (int i = 0; i < n; ++i) {
    if ((search.all >> i) & 1) out.cards.add(card[size_t(i)]);
    if (search.sets == 1 && ((search.last >> i) & 1)) out.only.add(card[size_t(i)]);
  }
  if (search.sets == 1) out.only |= taken;
  return out;
}

// The pending card `by` (just arrived, or with taking_ chosen so far), its
// sets by sum or given by the capture_rule hook (fishing_rule.cc): take
// the set when it is settled, lay the card out when no set exists, else ask
// its player. True when settled, false when a choice is waiting.
bool GameState::offer_sum_capture(Card by, Place from) {
  const FishingRules& f = rules_.fishing;
  const int seat = to_move_;
  const SumChoice choice = sets_from_hook_ ? hook_set_choice(taking_) : sum_choice(by, taking_);
  if (choice.sets == 0) {  // nothing adds up (only before the first choice)
    sets_from_hook_ = false;
    transfer(CardSet::of(by), from, kLayoutPlace);
    if (sink_) sink_->laid_out(seat, by);
    return true;
  }
  if (choice.sets == 1 && (f.compulsory || !taking_.empty())) {
    targets_ = taking_ = CardSet();
    may_decline_ = false;
    sets_from_hook_ = false;
    capture(seat, by, from, choice.only);
    return true;
  }
  if (from.zone != Zone::Pending) transfer(CardSet::of(by), from, kPendingPlace);
  targets_ = choice.cards;
  may_decline_ = !f.compulsory && taking_.empty() && !(build_count_ > 0 && owns_build(seat));  // an owner may not trail
  phase_ = Phase::ChooseCapture;
  return false;
}

}  // namespace hukum
