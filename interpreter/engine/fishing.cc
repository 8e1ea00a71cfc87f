// Fishing turns (family: fishing). The deal plan lays the initial layout face
// up (redealing when the ruleset says the layout is unplayable, and giving the
// dealer a special four of a kind). A turn plays a card from the hand, which
// captures a layout card it pairs with (or, by sum, a set of them: see
// fishing_sum.cc) or joins the layout; then, when the ruleset turns stock
// cards, the top stock card does the same for the same player. When a card has
// more targets than it may take, the player chooses with `take <card>`; when
// capturing is optional, `pass` lays the card instead. Empty hands are refilled
// from the stock when the ruleset says so; at the end the layout may go to the
// last capturer. A capture that empties the layout is counted as a sweep.
// All the capture facts are precomputed masks (FishingRules::captures).
#include "engine/state.h"

namespace hukum {

namespace {

constexpr int kMaxRedeals = 1000;  // a ruleset whose every layout is unplayable would loop

}  // namespace

void GameState::reset_fishing() {
  layout_ = CardSet();
  pending_ = kNoCard;
  pending_flipped_ = false;
  pending_taken_ = 0;
  targets_ = CardSet();
  taking_ = CardSet();
  may_decline_ = false;
  sweeps_.fill(0);
  last_capturer_ = -1;
  bonus_.fill(0);
  redeals_ = 0;
}

// Why the initial layout must be dealt again, or nullptr.
const char* GameState::layout_redeal_reason() const {
  const FishingRules& f = rules_.fishing;
  if (f.redeal_special_at_least > 0)
    for (CardSet rank : f.special_cards)
      if ((layout_ & rank).size() >= f.redeal_special_at_least) return "special_rank";
  // A group of cards that capture one another is stuck when the layout holds
  // more of them than are left outside it: each card still to come takes at most one.
  if (f.redeal_stuck)
    for (CardSet group : f.capture_classes) {
      int in_layout = (layout_ & group).size();
      if (in_layout > group.size() - in_layout) return "stuck_layout";
    }
  return nullptr;
}

// The Layout deal step. False when the deal starts over (or failed: error_ set).
bool GameState::deal_layout(const DealStep& step) {
  for (int k = 0; k < step.count && stock_top_ < stock_size_; ++k) layout_.add(stock_[size_t(stock_top_++)]);
  if (sink_) sink_->layout_dealt(layout_);
  if (const char* reason = layout_redeal_reason()) {
    if (++redeals_ > kMaxRedeals) {
      error_ = "no playable layout after " + std::to_string(kMaxRedeals) + " redeals";
      return false;
    }
    if (sink_) sink_->redealt(reason);
    // The same generator reshuffles the whole pack; the deal number does not change.
    hand_.fill(CardSet());
    layout_ = CardSet();
    stock_top_ = 0;
    rng_.shuffle(stock_.data(), uint32_t(stock_size_));
    plan_pos_ = 0;
    return false;
  }
  const FishingRules& f = rules_.fishing;
  if (f.dealer_takes > 0)
    for (CardSet rank : f.special_cards)
      if (CardSet four = layout_ & rank; four.size() >= f.dealer_takes) {
        layout_ = layout_ & ~four;
        captured_[size_t(dealer_)] |= four;
        if (sink_) sink_->cards_captured(dealer_, kNoCard, four);
      }
  return true;
}

// A card played or turned over arrives at the layout. True when it is settled
// (captured or laid out); false when its player must choose a target.
bool GameState::arrive(Card card) {
  const FishingRules& f = rules_.fishing;
  const int seat = to_move_;
  CardSet targets = layout_ & f.captures[card];
  if (targets.empty()) {
    layout_.add(card);
    if (sink_) sink_->laid_out(seat, card);
    return true;
  }
  if (f.by_sum) return offer_sum_capture(card);
  // The fourth card of a special rank takes the initial three together.
  if (f.fourth_takes > 0) {
    const int rank = rules_.deck.cards[card].rank;
    for (size_t i = 0; i < f.special_ranks.size(); ++i) {
      CardSet same = layout_ & f.special_cards[i];
      if (f.special_ranks[i] == rank && same.size() >= f.fourth_takes) {
        capture(seat, card, same);
        return true;
      }
    }
  }
  if (f.compulsory && targets.size() <= f.max_targets) {
    capture(seat, card, targets);
    return true;
  }
  pending_ = card;
  pending_taken_ = 0;
  targets_ = targets;
  may_decline_ = !f.compulsory;
  phase_ = Phase::ChooseCapture;
  return false;
}

void GameState::capture(int seat, Card by, CardSet taken) {
  layout_ = layout_ & ~taken;
  captured_[size_t(seat)] |= taken;
  captured_[size_t(seat)].add(by);
  for (const FishingBonus& b : rules_.fishing.bonuses) {
    if (!b.cards.contains(by) || (b.cards & taken).empty()) continue;
    for (int s = 0; s < rules_.seats; ++s) {
      if (s == seat) continue;
      bonus_[size_t(s)] -= b.from_each;
      bonus_[size_t(seat)] += b.from_each;
    }
  }
  if (sink_) sink_->cards_captured(seat, by, taken);
  last_capturer_ = seat;
  const FishingRules& f = rules_.fishing;
  if (f.sweeps && layout_.empty() && (f.sweep_on_last_play || !last_play())) {
    ++sweeps_[size_t(seat)];
    if (sink_) sink_->swept(seat);
  }
}

// No card is left to play after this one: hands and stock are empty.
bool GameState::last_play() const {
  if (stock_top_ < stock_size_) return false;
  for (int s = 0; s < rules_.seats; ++s)
    if (!hand_[size_t(s)].empty()) return false;
  return true;
}

bool GameState::apply_fish_play(Card card) {
  hand_[size_t(to_move_)].remove(card);
  pending_flipped_ = false;
  if (!arrive(card)) return update_legal(), true;
  if (target_reached_mid_deal()) return stop_fishing_deal();
  return flip_stock();
}

// match.target_ends_deal: a match total plus this deal's points so far (card
// points and bonuses) has reached the target.
bool GameState::target_reached_mid_deal() const {
  if (!rules_.match.target_ends_deal || rules_.match.target <= 0) return false;
  std::array<int, kMaxSeats> totals{};
  for (int s = 0; s < rules_.seats; ++s) {
    const size_t team = rules_.team_of[size_t(s)];
    for (Card c : captured_[size_t(s)]) totals[team] += rules_.plain_points[c];
    totals[team] += bonus_[size_t(s)];
  }
  for (size_t t = 0; t < size_t(rules_.teams); ++t) {
    if (match_scores_ && t < match_scores_->size()) totals[t] += (*match_scores_)[t];
    if (totals[t] >= rules_.match.target) return true;
  }
  return false;
}

// The deal stops before its cards run out: hands, layout and stock are set aside.
bool GameState::stop_fishing_deal() {
  for (int s = 0; s < rules_.seats; ++s) {
    out_of_play_ |= hand_[size_t(s)];
    hand_[size_t(s)] = CardSet();
  }
  out_of_play_ |= layout_ | stock();
  layout_ = CardSet();
  stock_top_ = stock_size_;
  result_.ended_early = true;
  phase_ = Phase::Play;
  score_fishing();
  return error_.empty();
}

bool GameState::apply_take(Card target) {
  if (rules_.fishing.by_sum) {
    taking_.add(target);
    may_decline_ = false;
    if (!offer_sum_capture(pending_)) return update_legal(), true;
    return after_capture();
  }
  const Card by = pending_;
  targets_.remove(target);
  layout_.remove(target);
  captured_[size_t(to_move_)].add(target);
  if (++pending_taken_ < rules_.fishing.max_targets && !targets_.empty()) {
    // Several targets may be taken one by one; the capturing card joins the pile at the end.
    if (sink_) sink_->cards_captured(to_move_, kNoCard, CardSet::of(target));
    update_legal();
    return true;
  }
  pending_ = kNoCard;
  targets_ = CardSet();
  layout_.add(target);  // capture() records the pair, the bonuses and the event
  capture(to_move_, by, CardSet::of(target));
  return after_capture();
}

// Capture is optional and the player declines: the pending card joins the layout.
bool GameState::apply_decline() {
  const Card by = pending_;
  pending_ = kNoCard;
  targets_ = taking_ = CardSet();
  may_decline_ = false;
  layout_.add(by);
  if (sink_) sink_->laid_out(to_move_, by);
  return after_capture();
}

// The pending card is settled: the turn goes on (the turned card, or the next player).
bool GameState::after_capture() {
  phase_ = Phase::Play;
  if (target_reached_mid_deal()) return stop_fishing_deal();
  return pending_flipped_ ? end_fishing_turn() : flip_stock();
}

bool GameState::flip_stock() {
  if (!rules_.fishing.flip) return end_fishing_turn();
  pending_flipped_ = true;
  if (stock_top_ < stock_size_) {
    const Card card = stock_[size_t(stock_top_++)];
    if (sink_) sink_->card_flipped(to_move_, card);
    if (!arrive(card)) return update_legal(), true;
    if (target_reached_mid_deal()) return stop_fishing_deal();
  }
  return end_fishing_turn();
}

bool GameState::end_fishing_turn() {
  phase_ = Phase::Play;
  CardSet left;
  for (int s = 0; s < rules_.seats; ++s) left |= hand_[size_t(s)];
  if (left.empty()) {
    if (rules_.fishing.refill && stock_top_ < stock_size_) {
      deal_packets(rules_.deal.front());  // the deal's hand step again, from the stock
    } else {
      take_leftover();
      score_fishing();
      return error_.empty();
    }
  }
  to_move_ = next_seat(to_move_);
  return prepare_turn();
}

// fishing.leftover: the last player who captured takes what is left on the
// layout (no sweep, no bonus: no card captured it).
void GameState::take_leftover() {
  if (rules_.fishing.leftover != FishingLeftover::LastCapturer || last_capturer_ < 0 || layout_.empty()) return;
  const CardSet rest = layout_;
  layout_ = CardSet();
  captured_[size_t(last_capturer_)] |= rest;
  if (sink_) sink_->layout_taken(last_capturer_, rest);
}

// A position's layout and stock (start_position); the stock goes to the end
// of the pack, so that the cards left to turn are exactly the listed ones.
std::string GameState::place_fishing(const PlayPosition& pos, CardSet* seen) {
  if (!(*seen & pos.layout).empty())
    return "card " + rules_.deck.card_text((*seen & pos.layout).first()) + " is placed twice";
  *seen |= pos.layout;
  layout_ = pos.layout;
  const int first = stock_size_ - int(pos.stock.size());
  for (size_t i = 0; i < pos.stock.size(); ++i) {
    const Card c = pos.stock[i];
    if (seen->contains(c)) return "card " + rules_.deck.card_text(c) + " is placed twice";
    seen->add(c);
    stock_[size_t(first) + i] = c;
  }
  return {};
}

}  // namespace hukum
