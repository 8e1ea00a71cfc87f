// Fishing turns (family: fishing). The deal plan lays the initial layout face
// up (a step_done hook may then throw the deal in, move cards or group layout
// cards). A turn plays a card from the hand, which captures a layout card it
// pairs with (or, by sum, a set of them: see fishing_sum.cc) or joins the
// layout; then, when the ruleset turns stock cards, the top stock card does the
// same for the same player. When a card has more targets than it may take, the
// player chooses with `take <card>`; when capturing is optional, `pass` lays the
// card instead. Layout cards a hook grouped (game.group) are taken together,
// as one target. Empty hands are refilled from the stock when the ruleset says
// so; at the end the layout may go to the last capturer. A capture that empties
// the layout is counted as a sweep, and the `captured` hook may follow it.
// All the capture facts are precomputed masks (FishingRules::captures); a
// capture_rule hook may give a card's sets instead (fishing_rule.cc).
#include <algorithm>

#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

int GameState::layout_in_order(Card* out) const {
  int n = 0;
  for (Card c : layout_) out[n++] = c;
  // Stable: cards placed together (a position's layout) keep deck order.
  std::stable_sort(out, out + n, [&](Card a, Card b) { return layout_arrival_[a] < layout_arrival_[b]; });
  return n;
}

// The Layout deal step: the top stock cards go face up to the layout.
void GameState::deal_layout(const DealStep& step) {
  draw(step.count, kLayoutPlace);
  if (sink_) sink_->layout_dealt(layout_);
}

// The layout cards taken with `card`: its group (game.group), or itself.
CardSet GameState::taken_with(Card card) const {
  for (int i = 0; i < group_count_; ++i)
    if (groups_[size_t(i)].contains(card)) return groups_[size_t(i)];
  return CardSet::of(card);
}

// How many choices `targets` offer: a group counts once.
int GameState::target_units(CardSet targets) const {
  int units = targets.size();
  for (int i = 0; i < group_count_; ++i)
    if (CardSet in = targets & groups_[size_t(i)]; !in.empty()) units -= in.size() - 1;
  return units;
}

// Groups keep only their cards still on the layout; one card left is no group.
void GameState::prune_groups() {
  int kept = 0;
  for (int i = 0; i < group_count_; ++i)
    if (CardSet g = groups_[size_t(i)] & layout_; g.size() >= 2) groups_[size_t(kept++)] = g;
  group_count_ = uint8_t(kept);
}

std::string GameState::group_layout(CardSet cards) {
  if (rules_.family != Family::Fishing) return "only a fishing game has a layout to group";
  if (rules_.fishing.by_sum) return "groups are for capture by pairing (fishing.capture.by_sum takes sums)";
  if (!moves_allowed_) return "layout cards are grouped only in step_done";
  if (cards.size() < 2) return "a group needs two or more cards";
  if (!(cards & ~layout_).empty())
    return rules_.deck.card_text((cards & ~layout_).first()) + " is not on the layout";
  for (int i = 0; i < group_count_; ++i)
    if (!(groups_[size_t(i)] & cards).empty())
      return rules_.deck.card_text((groups_[size_t(i)] & cards).first()) + " is already in a group";
  if (group_count_ >= kMaxLayoutGroups) return "at most " + std::to_string(kMaxLayoutGroups) + " groups";
  groups_[size_t(group_count_++)] = cards;
  if (sink_) sink_->layout_grouped(cards);
  return {};
}

// A card played (from the hand) or turned over (from the stock) arrives at the
// layout. True when it is settled (captured or laid out); false when its
// player must choose a target: it waits in the pending zone.
bool GameState::arrive(Card card, Place from) {
  const FishingRules& f = rules_.fishing;
  const int seat = to_move_;
  build_values_ = 0;  // offered again only by offer_options, for this card
  if (capture_rule_hook_ && rules_.hooks[size_t(HookPoint::CaptureRule)].wants(card, called_card_)) {
    bool decided = false;
    if (!ask_capture_rule(card, &decided)) return true;  // error_ says why
    if (decided) return offer_sum_capture(card, from);
  }
  if (uses_unit_sets(card)) return offer_options(card, from);  // fishing_builds.cc
  CardSet targets = layout_ & f.captures[card];
  if (targets.empty()) {
    transfer(CardSet::of(card), from, kLayoutPlace);
    if (sink_) sink_->laid_out(seat, card);
    return true;
  }
  if (f.by_sum) return offer_sum_capture(card, from);
  if (group_count_ == 0) {
    if (f.compulsory && targets.size() <= f.max_targets) return capture(seat, card, from, targets), true;
  } else if (f.compulsory && target_units(targets) <= f.max_targets) {
    CardSet whole = targets;
    for (Card c : targets) whole |= taken_with(c);
    return capture(seat, card, from, whole), true;
  }
  transfer(CardSet::of(card), from, kPendingPlace);
  pending_taken_ = 0;
  targets_ = targets;
  may_decline_ = !f.compulsory;
  phase_ = Phase::ChooseCapture;
  return false;
}

// `by`, coming from `by_from`, takes `taken` from the layout. A failing
// `captured` hook sets error_.
void GameState::capture(int seat, Card by, Place by_from, CardSet taken, CardSet taken_before) {
  transfer(taken, kLayoutPlace, won_place(seat));
  transfer(CardSet::of(by), by_from, won_place(seat));
  if (group_count_ > 0) prune_groups();
  if (build_count_ > 0) prune_builds();
  if (sink_) sink_->cards_captured(seat, by, taken);
  last_capturer_ = seat;
  const FishingRules& f = rules_.fishing;
  if (f.sweeps && layout_.empty() && (f.sweep_on_last_play || !last_play())) {
    ++sweeps_[size_t(seat)];
    if (sink_) sink_->swept(seat);
  }
  if (!captured_hook_) return;
  if (!rules_.hooks[size_t(HookPoint::Captured)].wants(by, called_card_)) return;
  HookArgs args;
  args.seat = seat;
  args.card = by;
  const CardSet all_taken = taken | taken_before;
  args.taken = &all_taken;
  run_fishing_event(HookPoint::Captured, args, "captured");
}

// A hook of the fishing turn (captured, refilled) may move cards with
// game.move: the layout, the won piles, the stock. Hands keep their sizes, as
// between tricks: the turn order counts on them.
bool GameState::run_fishing_event(HookPoint point, HookArgs args, const char* hook) {
  const auto held = held_counts();
  moves_allowed_ = true;
  const bool ok = run_event(point, args);
  moves_allowed_ = false;
  if (!ok) return false;
  if (moved_by_hook_) {
    error_ = check_moves_between_tricks(held, hook);
    if (group_count_ > 0) prune_groups();
    if (build_count_ > 0) prune_builds();
  }
  return error_.empty();
}

// No card is left to play after this one: hands and stock are empty.
bool GameState::last_play() const {
  if (stock_top_ < stock_size_ - rules_.fishing.stock_unused) return false;
  for (int s = 0; s < rules_.seats; ++s)
    if (!hand_[size_t(s)].empty()) return false;
  return true;
}

bool GameState::apply_fish_play(Card card) {
  pending_flipped_ = false;
  // card_played: the card is on its way, still in the hand; its capture follows.
  if (card_played_hook_ && rules_.hooks[size_t(HookPoint::CardPlayed)].wants(card, called_card_)) {
    HookArgs args;
    args.seat = to_move_;
    args.card = card;
    if (!run_event(HookPoint::CardPlayed, args)) return false;
  }
  if (!arrive(card, hand_place(to_move_))) return update_legal(), true;
  if (!error_.empty()) return false;  // the captured hook failed
  if (target_reached_mid_deal()) return stop_fishing_deal();
  return flip_stock();
}

// match.target_ends_deal: a match total plus this deal's points so far (card
// points and the points hooks added) has reached the target.
bool GameState::target_reached_mid_deal() const {
  if (!rules_.match.target_ends_deal || rules_.match.target <= 0) return false;
  std::array<int, kMaxSeats> totals{};
  for (int s = 0; s < rules_.seats; ++s) {
    const size_t team = rules_.team_of[size_t(s)];
    for (Card c : captured_[size_t(s)]) totals[team] += rules_.plain_points[c];
  }
  for (size_t t = 0; t < size_t(rules_.teams); ++t) {
    totals[t] += extra_score_[t];
    if (match_scores_ && t < match_scores_->size()) totals[t] += (*match_scores_)[t];
    if (totals[t] >= rules_.match.target) return true;
  }
  return false;
}

// The deal stops before its cards run out: hands, layout and stock are set aside.
bool GameState::stop_fishing_deal() {
  for (int s = 0; s < rules_.seats; ++s) set_aside_held(s);
  if (!layout_.empty()) transfer(layout_, kLayoutPlace, kOutPlace);
  draw(stock_left(), kOutPlace);
  result_.ended_early = true;
  phase_ = Phase::Play;
  score_fishing();
  return error_.empty();
}

bool GameState::apply_take(Card target) {
  build_values_ = 0;  // naming a capture's cards: building is no longer offered
  if (unit_capture_) {  // set after set (fishing_builds.cc)
    taking_.add(target);
    if (const int b = build_of(target); b >= 0) taking_ |= builds_[size_t(b)].cards;  // a build goes whole
    may_decline_ = false;
    if (!continue_capture(pending_, kPendingPlace)) return update_legal(), true;
    return after_capture();
  }
  if (rules_.fishing.by_sum || sets_from_hook_) {
    taking_.add(target);
    may_decline_ = false;
    if (!offer_sum_capture(pending_, kPendingPlace)) return update_legal(), true;
    return after_capture();
  }
  const Card by = pending_;
  const CardSet taken = group_count_ > 0 ? taken_with(target) : CardSet::of(target);  // a group goes whole
  targets_ = targets_ & ~taken;
  if (++pending_taken_ < rules_.fishing.max_targets && !targets_.empty()) {
    // Several targets may be taken one by one; the capturing card joins the pile at the end.
    transfer(taken, kLayoutPlace, won_place(to_move_));
    taken_before_ |= taken;
    if (group_count_ > 0) prune_groups();
    if (sink_) sink_->cards_captured(to_move_, kNoCard, taken);
    update_legal();
    return true;
  }
  targets_ = CardSet();
  capture(to_move_, by, kPendingPlace, taken, taken_before_);  // records the pair and the event, runs the captured hook
  taken_before_ = CardSet();
  return after_capture();
}

// Capture is optional and the player declines: the pending card joins the layout.
bool GameState::apply_decline() {
  const Card by = pending_;
  targets_ = taking_ = CardSet();
  may_decline_ = false;
  sets_from_hook_ = false;
  hook_set_count_ = 0;
  build_values_ = 0;
  unit_capture_ = false;
  claimed_ = CardSet();
  transfer(CardSet::of(by), kPendingPlace, kLayoutPlace);
  if (sink_) sink_->laid_out(to_move_, by);
  return after_capture();
}

// The pending card is settled: the turn goes on (the turned card, or the next player).
bool GameState::after_capture() {
  if (!error_.empty()) return false;  // the captured hook failed
  phase_ = Phase::Play;
  if (target_reached_mid_deal()) return stop_fishing_deal();
  return pending_flipped_ ? end_fishing_turn() : flip_stock();
}

bool GameState::flip_stock() {
  if (!rules_.fishing.flip) return end_fishing_turn();
  pending_flipped_ = true;
  if (stock_top_ < stock_size_) {
    const Card card = stock_[size_t(stock_top_)];
    if (sink_) sink_->card_flipped(to_move_, card);
    if (!arrive(card, kStockPlace)) return update_legal(), true;
    if (!error_.empty()) return false;
    if (target_reached_mid_deal()) return stop_fishing_deal();
  }
  return end_fishing_turn();
}

bool GameState::end_fishing_turn() {
  phase_ = Phase::Play;
  if (!rules_.fishing.combinations.empty()) {
    bool waits = false;
    if (!check_combinations(&waits)) return false;
    if (waits || deal_over()) return true;  // a question to answer, or the hook ended the deal
  }
  return next_fishing_turn();
}

bool GameState::next_fishing_turn() {
  CardSet left;
  for (int s = 0; s < rules_.seats; ++s) left |= hand_[size_t(s)];
  if (left.empty()) {
    if (rules_.fishing.refill && stock_top_ < stock_size_) {
      deal_packets(rules_.deal.front());  // the deal's hand step again, from the stock
      if (refilled_hook_) {
        HookArgs args;
        args.seat = next_seat(to_move_);  // the next to play
        if (!run_fishing_event(HookPoint::Refilled, args, "refilled")) return false;
      }
    } else {
      take_leftover();
      if (stock_top_ < stock_size_) draw(stock_left(), kOutPlace);  // fishing.stock_unused: never turned
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
  build_count_ = 0;  // builds left at the end go with the rest
  unit_sets_.target = -1;
  transfer(rest, kLayoutPlace, won_place(last_capturer_));
  if (sink_) sink_->layout_taken(last_capturer_, rest);
}

// A position's layout and stock (start_position); the stock goes to the end
// of the pack, so that the cards left to turn are exactly the listed ones.
std::string GameState::place_fishing(const PlayPosition& pos, CardSet* seen) {
  if (!(*seen & pos.layout).empty())
    return "card " + rules_.deck.card_text((*seen & pos.layout).first()) + " is placed twice";
  *seen |= pos.layout;
  layout_ = pos.layout;
  // Builds lie on the layout, apart, each a whole number of sets of its value, owned.
  if (!pos.builds.empty() && !rules_.fishing.builds) return "builds need fishing.builds";
  if (pos.builds.size() > size_t(kMaxBuilds)) return "at most " + std::to_string(kMaxBuilds) + " builds";
  CardSet built;
  build_count_ = 0;
  unit_sets_.target = -1;
  for (const LayoutBuild& b : pos.builds) {
    int total = 0;
    for (Card c : b.cards) total += card_value(c);
    if (!(b.cards & ~pos.layout).empty())
      return "build card " + rules_.deck.card_text((b.cards & ~pos.layout).first()) + " is not on the layout";
    if (!(b.cards & built).empty()) return "card " + rules_.deck.card_text((b.cards & built).first()) + " is in two builds";
    if (b.cards.size() < 2 || b.value <= 0 || b.value > rules_.fishing.build_max || total % b.value != 0)
      return "a build of " + std::to_string(b.value) + " needs two or more cards making whole sets of that value, up to " +
             std::to_string(rules_.fishing.build_max);
    if (b.owner < 0 || b.owner >= rules_.seats) return "a build needs its owner";
    built |= b.cards;
    builds_[size_t(build_count_++)] = b;
  }
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
