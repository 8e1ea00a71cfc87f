// The deal plan: shuffle, then the ruleset's deal steps in order (packets,
// the random trump card, laying cards aside), up to the first trick.
#include <algorithm>

#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

int GameState::seat_ref(SeatRef ref) const {
  switch (ref) {
    case SeatRef::Dealer: return dealer_;
    case SeatRef::DealerNext: return next_seat(dealer_);
    case SeatRef::DealerPrevious: return (dealer_ - step_ + rules_.seats) % rules_.seats;
    case SeatRef::DealerPartner: {
      int s = next_seat(dealer_);
      while (s != dealer_ && rules_.team_of[size_t(s)] != rules_.team_of[size_t(dealer_)])
        s = next_seat(s);
      return s;
    }
    case SeatRef::Bidder: return bidder_ >= 0 ? bidder_ : dealer_;
    case SeatRef::BidderNext: return next_seat(bidder_ >= 0 ? bidder_ : dealer_);
    case SeatRef::BidderPartner: {
      const int bidder = bidder_ >= 0 ? bidder_ : dealer_;
      int s = next_seat(bidder);
      while (s != bidder && rules_.team_of[size_t(s)] != rules_.team_of[size_t(bidder)]) s = next_seat(s);
      return s;
    }
    case SeatRef::Count: break;
  }
  return dealer_;
}

// Cards go round in the deal's own direction (deal_direction), which is the
// play's unless the ruleset says otherwise; nobody sits out while cards are dealt.
int GameState::deal_first() const { return deal_after(dealer_); }

int GameState::deal_after(int seat) const {
  return deal_step_ == step_ ? next_seat(seat) : (seat + deal_step_ + rules_.seats) % rules_.seats;
}

int GameState::direction_step_for(Direction d, int deal_index) {
  switch (d) {
    case Direction::Clockwise: return 1;
    case Direction::Counterclockwise: return -1;
    case Direction::Alternate: return deal_index % 2 == 0 ? -1 : 1;  // first deal counterclockwise
  }
  return 1;
}

void GameState::reset_deal(int dealer, int deal_index) {
  dealer_ = dealer;
  deal_index_ = deal_index;
  step_ = direction_step_for(rules_.direction, deal_index);
  deal_step_ = direction_step_for(rules_.deal_direction, deal_index);
  fixed_turn_up_seat_ = -1;
  redeals_ = 0;
  clear_deal();
  if (sink_) sink_->deal_started(deal_index, dealer);
}

// Everything a deal changes, back to how a deal starts (the dealer, deal
// number and directions stay): a new deal, or a deal thrown in (redeal.cc).
// The fields are DealState's, each declared with its start value.
void GameState::clear_deal() {
  DealState::reset();
  start_from_rules();
}

// The start of a deal from the rules: the values a fresh DealState cannot
// know, because they depend on the ruleset (or on this deal's direction).
void GameState::start_from_rules() {
  trump_suit_ = rules_.play.trump_method == TrumpMethod::Fixed ? rules_.play.trump_suit : -1;
  stock_size_ = int(rules_.deck.cards.size());  // the whole pack, before any step deals
  for (int s = 0; s < kMaxSeats; ++s) controller_[size_t(s)] = int8_t(s);  // each seat plays its own hand
  for (int s = 0; s < kMaxSeats; ++s) side_of_[size_t(s)] = int8_t(rules_.team_of[size_t(s)]);  // sides are teams
  compute_next_table();  // nobody sits out yet; the deal's direction (step_)
  vars_.reset();         // game.vars: hook state of one deal
}

// A Deal step's packets in this deal: its own list, or, with hand sizes that
// change from deal to deal, one card at a time up to this deal's size.
int GameState::packet_rounds(const DealStep& step) const {
  if (step.hand_sizes.empty()) return int(step.packets.size());
  return step.hand_sizes[size_t(deal_index_) % step.hand_sizes.size()];
}

int GameState::packet_size(const DealStep& step, int round) const {
  return step.hand_sizes.empty() ? step.packets[size_t(round)] : 1;
}

int GameState::cards_per_seat() const {
  int n = 0;
  for (const auto& step : rules_.deal)
    if (step.kind == DealStep::Kind::Deal || step.kind == DealStep::Kind::DealRest)
      for (int round = 0, rounds = packet_rounds(step); round < rounds; ++round) n += packet_size(step, round);
  return n;
}

// Stacks the stock so that dealing the packets hands each seat its listed cards.
std::string GameState::stack_stock(const FixedDeal& given) {
  if (int(given.hands.size()) != rules_.seats) return "a fixed deal needs a hand for every seat";
  // A deal_rest step whose seat receives the turn-up as its last card.
  const DealStep* rest = nullptr;
  for (const auto& step : rules_.deal)
    if (step.kind == DealStep::Kind::DealRest) rest = &step;
  // When that seat is known only after the trump auction (the bidder), the
  // hands are listed as they end up: the turn-up (trump_card) in the hand of
  // the seat that takes it, anywhere in it. The pack is stacked for that seat
  // (the turn-up as its last card), and deal_rest checks that it takes.
  FixedDeal moved;
  const FixedDeal* use = &given;
  if (rest && (rest->seat == SeatRef::Bidder || rest->seat == SeatRef::BidderNext ||
               rest->seat == SeatRef::BidderPartner)) {
    int listing = -1;
    const Card card = given.random_trump_card;
    for (int s = 0; s < rules_.seats && card != kNoCard; ++s) {
      const auto& h = given.hands[size_t(s)];
      if (std::find(h.begin(), h.end(), card) != h.end()) listing = s;
    }
    if (listing >= 0) {
      moved = given;
      auto& h = moved.hands[size_t(listing)];
      h.erase(std::find(h.begin(), h.end(), card));
      h.push_back(card);
      use = &moved;
    } else {  // the turn-up apart: the one seat listed a card short
      for (int s = 0; s < rules_.seats; ++s)
        if (int(given.hands[size_t(s)].size()) == rules_.hand_size - 1) listing = listing == -1 ? s : -2;
    }
    fixed_turn_up_seat_ = int8_t(listing >= 0 ? listing : seat_ref(rest->seat));
  }
  const FixedDeal& fixed = *use;
  std::vector<size_t> taken(size_t(rules_.seats), 0);
  CardSet used;
  int n = 0;
  // Fishing: the listed layout, then the listed stock, in the order they are turned.
  auto stack_cards = [&](const std::vector<Card>& cards) -> std::string {
    for (Card c : cards) {
      if (used.contains(c)) return "card " + rules_.deck.card_text(c) + " is dealt twice";
      used.add(c);
      stock_[size_t(n++)] = c;
    }
    return {};
  };
  bool turn_up_listed = false;  // the turn-up is the last card listed for rest's seat
  for (const auto& step : rules_.deal) {
    if (step.kind == DealStep::Kind::TurnUp) {
      if (!rest) {
        if (fixed.random_trump_card == kNoCard) continue;  // the next card of the stack
        if (used.contains(fixed.random_trump_card))
          return "card " + rules_.deck.card_text(fixed.random_trump_card) + " is dealt twice";
        used.add(fixed.random_trump_card);
        stock_[size_t(n++)] = fixed.random_trump_card;
        continue;
      }
      if (!stack_turn_up(fixed, *rest, &used, &taken, &n, &turn_up_listed)) return error_;
      continue;
    }
    if (step.kind == DealStep::Kind::DealRest) {
      const int target = fixed_turn_up_seat_ >= 0 ? int(fixed_turn_up_seat_) : seat_ref(step.seat);
      for (size_t p = 0; p < step.packets.size(); ++p) {
        int seat = seat_ref(SeatRef::DealerNext);
        for (int s = 0; s < rules_.seats; ++s, seat = next_seat(seat)) {
          const auto& h = fixed.hands[size_t(seat)];
          for (int k = 0; k < step.packets[p]; ++k) {
            if (seat == target && p + 1 == step.packets.size() && k + 1 == step.packets[p]) {
              if (turn_up_listed) ++taken[size_t(seat)];  // the turn-up, stacked by the turn_up step
              continue;
            }
            if (taken[size_t(seat)] >= h.size())
              return "the hand of " + rules_.seat_names[size_t(seat)] + " has " + std::to_string(h.size()) +
                     " cards, the deal gives " + std::to_string(rules_.hand_size);
            Card c = h[taken[size_t(seat)]++];
            if (used.contains(c)) return "card " + rules_.deck.card_text(c) + " is dealt twice";
            used.add(c);
            stock_[size_t(n++)] = c;
          }
        }
      }
      continue;
    }
    if (step.kind == DealStep::Kind::Layout && !fixed.layout.empty()) {
      if (int(fixed.layout.size()) != step.count)
        return "the layout has " + std::to_string(fixed.layout.size()) + " cards, the deal lays " +
               std::to_string(step.count);
      if (auto err = stack_cards(fixed.layout); !err.empty()) return err;
    }
    if (step.kind != DealStep::Kind::Deal) continue;
    for (int round = 0, rounds = packet_rounds(step); round < rounds; ++round) {
      const int packet = packet_size(step, round);
      int seat = deal_first();
      for (int s = 0; s < rules_.seats; ++s, seat = deal_after(seat)) {
        const auto& h = fixed.hands[size_t(seat)];
        for (int k = 0; k < packet; ++k) {
          if (taken[size_t(seat)] >= h.size())
            return "the hand of " + rules_.seat_names[size_t(seat)] + " has " +
                   std::to_string(h.size()) + " cards, the deal gives " +
                   std::to_string(cards_per_seat());
          Card c = h[taken[size_t(seat)]++];
          if (used.contains(c)) return "card " + rules_.deck.card_text(c) + " is dealt twice";
          used.add(c);
          stock_[size_t(n++)] = c;
        }
      }
    }
  }
  for (int s = 0; s < rules_.seats; ++s)
    if (taken[size_t(s)] != fixed.hands[size_t(s)].size())
      return "the hand of " + rules_.seat_names[size_t(s)] + " has " +
             std::to_string(fixed.hands[size_t(s)].size()) + " cards, the deal gives " +
             std::to_string(cards_per_seat());
  if (auto err = stack_cards(fixed.stock); !err.empty()) return err;
  for (Card c : rules_.deck.all & ~used) stock_[size_t(n++)] = c;  // the undealt rest
  trump_card_shown_ = fixed.random_trump_card;
  return {};
}

std::string GameState::start_deal(int dealer, int deal_index, Rng& rng, const FixedDeal* fixed) {
  reset_deal(dealer, deal_index);
  rng_ = rng;
  fixed_ = fixed != nullptr;
  if (fixed) {
    if (auto err = stack_stock(*fixed); !err.empty()) return err;
  } else {
    for (int i = 0; i < stock_size_; ++i) stock_[size_t(i)] = Card(i);
    rng_.shuffle(stock_.data(), uint32_t(stock_size_));
  }
  const bool ok = run_deal_plan();
  rng = rng_;
#ifdef HUKUM_CHECK_INVARIANTS
  if (ok) assert_invariants();
#endif
  return ok ? std::string() : error_;
}

void GameState::deal_packets(const DealStep& step) {
  auto deal = [&] {
    for (int round = 0, rounds = packet_rounds(step); round < rounds; ++round) {
      const int packet = packet_size(step, round);
      int seat = deal_first();
      for (int s = 0; s < rules_.seats; ++s, seat = deal_after(seat)) draw(packet, hand_place(seat));
    }
  };
  if (!sink_) {
    // Nothing watches packet by packet (simulations, bots): each seat's cards
    // of the whole step, read off the stock's order, move in one transfer.
    std::array<CardSet, kMaxSeats> dealt{};
    int at = stock_top_;
    for (int round = 0, rounds = packet_rounds(step); round < rounds; ++round) {
      const int packet = packet_size(step, round);
      int seat = deal_first();
      for (int s = 0; s < rules_.seats; ++s, seat = deal_after(seat))
        for (int k = 0; k < packet && at < stock_size_; ++k) dealt[size_t(seat)].add(stock_[size_t(at++)]);
    }
    for (int s = 0; s < rules_.seats; ++s)
      if (!dealt[size_t(s)].empty()) transfer(dealt[size_t(s)], kStockPlace, hand_place(s));
    return;
  }
  // What each seat was dealt, for the sink: its hand now less its hand
  // before (a dealt card comes from the stock, never from a hand). Without
  // a sink (simulations, bots) nothing is kept packet by packet.
  const std::array<CardSet, kMaxSeats> before = hand_;
  deal();
  for (int s = 0; s < rules_.seats; ++s) sink_->cards_dealt(s, hand_[size_t(s)] & ~before[size_t(s)]);
}

// 1.6 M1-style trump: a card of the undealt pack is shown, its suit is trump,
// and it goes back before the pack is shuffled again for dealing.
void GameState::show_random_trump() {
  Card shown;
  if (fixed_) {
    shown = trump_card_shown_ != kNoCard ? trump_card_shown_ : stock_[size_t(stock_top_)];
  } else {
    uint32_t left = uint32_t(stock_size_ - stock_top_);
    shown = stock_[size_t(stock_top_) + rng_.below(left)];
    rng_.shuffle(stock_.data() + stock_top_, left);
  }
  trump_card_shown_ = shown;
  trump_suit_ = rules_.deck.cards[shown].suit;
  if (sink_) {
    sink_->trump_card_shown(shown);
    sink_->trump_set(trump_suit_, kNoSeat);
  }
}

// Runs automatic steps until a seat must decide or the tricks begin; each
// step through its kind's row (engine/step_table.cc).
bool GameState::run_deal_plan() {
  while (plan_pos_ < rules_.deal.size()) {
    const DealStep& step = rules_.deal[plan_pos_];
    switch (step_row(step.kind).begin(*this, step)) {
      case StepStart::Waits: return true;  // the row's apply goes on
      case StepStart::Failed: return false;
      case StepStart::Done: break;
    }
    if (!advance_plan()) return false;
  }
  return enter_play();
}

bool GameState::advance_plan() {
  const DealStep& step = rules_.deal[plan_pos_++];
  if (!rules_.hooks[size_t(HookPoint::StepDone)].bound()) return redeal_if_asked();  // a Lua step's game.redeal
  HookArgs args;
  args.step = step.kind == DealStep::Kind::Script       ? step.script.c_str()
              : step.kind == DealStep::Kind::Registered ? step.registered->name
                                                         : to_string(step.kind);
  in_step_done_ = moves_allowed_ = true;
  const bool ok = run_event(HookPoint::StepDone, args);
  in_step_done_ = moves_allowed_ = moved_by_hook_ = false;
  if (!ok) redeal_reason_.clear();
  return ok && redeal_if_asked();
}

// melds.at first_card: every seat that plays declares at its first card.
void GameState::open_meld_turns() {
  melds_due_ = 0;
  if (!rules_.melds.at_first_card || tricks_played_ > 0) return;
  for (int s = 0; s < rules_.seats; ++s)
    if (!sits_out(s)) melds_due_ |= uint16_t(1u << s);
}

bool GameState::enter_play() {
  phase_ = Phase::Play;
  leader_ = declared_ && rules_.declaration.declarer_leads ? bidder_ : first_leader();
  to_move_ = leader_;
  open_meld_turns();
  // fishing.combinations: what the deal plan gave a side already is no turn's rise.
  for (int t = 0; t < rules_.teams && !rules_.fishing.combinations.empty(); ++t)
    combination_points_[size_t(t)] = combination_total(t);
  if (rules_.play.dummy.seat != SeatRef::Count && !rules_.play.dummy.after_opening_lead) lay_down_dummy();
  if (rules_.hooks[size_t(HookPoint::BeforeFirstLead)].bound()) {
    HookArgs args;
    args.seat = leader_;
    if (!run_event_moving_cards(HookPoint::BeforeFirstLead, args, "before_first_lead")) return false;
    if (end_requested_) return end_deal_now();
    if (asked_seat_ >= 0) {  // the hook asks a seat before the first lead
      update_legal();
      return true;
    }
  }
  return prepare_turn();
}

std::string GameState::start_position(int dealer, int deal_index, const PlayPosition& pos) {
  reset_deal(dealer, deal_index);
  CardSet seen;
  auto place = [&](const std::vector<CardSet>& zone, std::array<CardSet, kMaxSeats>& into,
                   const char* what) -> std::string {
    if (zone.empty()) return {};
    if (int(zone.size()) != rules_.seats) return std::string(what) + " needs an entry for every seat";
    for (int s = 0; s < rules_.seats; ++s) {
      if (!(seen & zone[size_t(s)]).empty())
        return "card " + rules_.deck.card_text((seen & zone[size_t(s)]).first()) +
               " is placed twice";
      seen |= zone[size_t(s)];
      into[size_t(s)] = zone[size_t(s)];
    }
    return {};
  };
  for (auto [zone, into, what] : {std::tuple{&pos.hands, &hand_, "hands"},
                                  std::tuple{&pos.hidden, &hidden_, "hidden"},
                                  std::tuple{&pos.captured, &captured_, "captured"}})
    if (auto err = place(*zone, *into, what); !err.empty()) return err;
  for (size_t s = 0; s < pos.discarded.size() && s < hidden_.size(); ++s) {
    if (!(pos.discarded[s] & ~hidden_[s]).empty()) return "a discarded card is not face down in its seat's hidden cards";
    discarded_ += pos.discarded[s].size();
  }
  if (auto err = place_fishing(pos, &seen); !err.empty()) return err;
  if (!(seen & pos.out_of_play).empty()) return "a card is both out of play and elsewhere";
  seen |= pos.out_of_play;
  out_of_play_ = pos.out_of_play;
  if (pos.turn_up.size() > 1) return "the turn-up is one card";
  if (!(seen & pos.turn_up).empty()) return "the turned-up card is placed twice";
  seen |= pos.turn_up;
  turn_up_ = pos.turn_up.empty() ? kNoCard : pos.turn_up.first();
  if (seen != rules_.deck.all) {
    Card missing = (rules_.deck.all & ~seen).first();
    return "every card must be placed; " + rules_.deck.card_text(missing) + " is not";
  }
  stock_top_ = stock_size_ - int(pos.stock.size());  // nothing left to deal but a fishing stock
  for (size_t s = 0; s < pos.tricks_won.size() && s < size_t(rules_.seats); ++s)
    tricks_won_[s] = pos.tricks_won[s];
  tricks_played_ = pos.tricks_played;
  trick_start_.fill(0);  // a position's earlier tricks are not known card by card: empty
  trump_suit_ = pos.trump_suit;
  set_bidder(pos.bidder);
  contract_ = pos.contract;
  if (pos.trump_order >= 0 && size_t(pos.trump_order) < rules_.play.trump_orders.size()) trump_order_ = pos.trump_order;
  if (pos.sides.size() == size_t(rules_.seats)) {
    for (int s = 0; s < rules_.seats; ++s) side_of_[size_t(s)] = int8_t(std::clamp(pos.sides[size_t(s)], 0, rules_.seats - 1));
    sides_changed_ = true;
  }
  for (size_t s = 0; s < pos.controllers.size() && s < size_t(rules_.seats); ++s)
    if (pos.controllers[s] >= 0 && pos.controllers[s] < rules_.seats) controller_[s] = int8_t(pos.controllers[s]);
  declared_ = pos.declared;
  sitting_out_ = pos.sitting_out;
  for (size_t s = 0; s < pos.bids.size() && s < size_t(rules_.seats); ++s) bids_[s] = int8_t(pos.bids[s]);
  for (size_t t = 0; t < pos.meld_points.size() && t < size_t(rules_.teams); ++t) meld_points_[t] = pos.meld_points[t];
  for (size_t s = 0; s < pos.sweeps.size() && s < size_t(rules_.seats); ++s) sweeps_[s] = pos.sweeps[s];
  if (pos.last_capturer >= 0 && pos.last_capturer < rules_.seats) last_capturer_ = pos.last_capturer;
  compute_next_table();
  for (int t = 0; t < rules_.teams && !rules_.fishing.combinations.empty(); ++t)
    combination_points_[size_t(t)] = combination_total(t);  // the won piles' combinations are no turn's rise
  phase_ = Phase::Play;
  leader_ = pos.leader;
  to_move_ = leader_;
  plan_pos_ = rules_.deal.size();
  open_meld_turns();
  // Before the first turn: its hooks (a legal_filter) may read them.
  if (pos.vars) vars_.set(*pos.vars);
  if (pos.called_card != kNoCard) called_card_ = pos.called_card, caller_ = int8_t(bidder_);
  return prepare_turn() ? std::string() : error_;
}

}  // namespace hukum
