// GameState: one deal of a ruleset, from the shuffle to the result, plus the
// match context it needs (dealer, deal number). It owns the zones (hands,
// hidden cards, the trick, captured piles, the undealt stock); every card is in
// exactly one of them at all times. Legal actions are pure queries; hooks run
// only inside start_deal/apply, once per turn, so queries never call Lua.
#pragma once

#include <array>
#include <functional>
#include <new>
#include <optional>
#include <type_traits>
#include <string>
#include <vector>

#include "core/card.h"
#include "core/rng.h"
#include "engine/action.h"
#include "engine/card_points.h"
#include "engine/deal_state.h"
#include "engine/events.h"
#include "ruleset/ruleset.h"
#include "engine/hook_context.h"
#include "engine/hook_runner.h"
#include "engine/question.h"
#include "engine/step_table.h"
#include "engine/vars.h"
#include "engine/zones.h"

namespace hukum {


// The melds a hand holds by the ruleset's meld rules (engine/melds.cc), in a
// canonical order; and the words a table reads ("sequence KH QH JH (20)").
void find_melds(const Ruleset& rules, CardSet hand, int trump, int seat, std::vector<Meld>* out);
std::string meld_text(const Ruleset& rules, const Meld& meld);

// A fixed position for scenarios: given hands instead of a shuffle.
// One rule of trick play switched off, for rule coverage (legal_cards_without):
// an entry of play.obligations (by index), a hook's require_trump, an entry of
// play.lead_restrictions (by index), play.not_on_first_trick, the
// first-lead card that must be led, play.follow_exempt, or play.called_card.
struct PlayRuleOff {
  enum class Kind : uint8_t { None, Obligation, HookTrump, LeadRestriction, NotOnFirstTrick, FirstLeadCard, FollowExempt, CalledCard };
  Kind kind = Kind::None;
  size_t index = 0;
};

struct FixedDeal {
  // Per seat, the cards in the order they are dealt (packet after packet).
  std::vector<std::vector<Card>> hands;
  Card random_trump_card = kNoCard;  // for a random_trump step; random when kNoCard
  // Fishing: the initial layout, then the stock from its top; unlisted cards follow.
  std::vector<Card> layout, stock;
};

// A position in the middle of the play, for scenarios that start late in a deal.
struct PlayPosition {
  std::vector<CardSet> hands, hidden, captured;  // per seat
  // Per seat: cards of `hidden` laid face down out of play (discards, a
  // buried kitty), which the play does not wait for (empty: none).
  std::vector<CardSet> discarded;
  std::vector<int> tricks_won;                   // per seat
  int tricks_played = 0;
  int trump_suit = -1;
  int leader = 0;
  CardSet layout;           // fishing: the face-up layout
  CardSet turn_up;          // a card lying turned up on the table (at most one)
  std::vector<Card> stock;  // fishing: the stock, top first
  std::vector<int> sweeps;  // fishing: per seat, sweeps made earlier in the deal (empty: none)
  int last_capturer = -1;   // fishing: the last seat that captured (-1: none yet)
  std::vector<LayoutBuild> builds;  // fishing.builds: builds on the layout (their cards are in `layout`)
  // A contract in force (from an auction), and cards set aside unplayed.
  int bidder = -1;
  int contract = 0;
  bool declared = false;
  uint32_t sitting_out = 0;  // bit per seat
  CardSet out_of_play;
  std::vector<int> bids;     // per seat, a `bids` step's bid (-1 or missing: none)
  std::vector<int> meld_points;  // per team: melds declared earlier in the deal (empty: none)
  int trump_order = -1;          // a structure of play.trump_orders in force (-1: none)
  std::vector<int> sides;        // per seat, this deal's side (empty: the teams, or the bidder alone)
  std::vector<int> controllers;  // per seat, the seat deciding its actions (empty: each its own)
  // game.vars at this point of the deal, hook state the hooks of the rest of
  // the deal read (a called card, who has declared); none: empty, as a deal starts.
  std::optional<VarValue> vars;
  // A card called earlier in the deal (game.call_card), by the bidder; kNoCard: none.
  Card called_card = kNoCard;
};

// The per-deal fields live in DealState (engine/deal_state.h), a private base
// whose fields keep their names here, and the arrays read below its counts in
// DealStorage; what is declared below lasts from deal to deal or comes from
// the rules.
class GameState final : public HookContext, private DealState, private DealStorage {
 public:
  // `hooks` may be null when the ruleset registers none.
  GameState(const Ruleset& rules, HookRunner* hooks);

  // A copy is a full, independent game: hands, hook state (game.vars) and its
  // own random generator. It shares the hook runner and the match scores (both
  // read-only to it) and reports to no event sink until given one, so a bot
  // playing on a copy never writes into the original's log.
  GameState(const GameState&) = default;

  void set_sink(EventSink* sink) { sink_.sink = sink; }
  // The runner of the ruleset's hooks (null without any), for a fresh state of the same game.
  HookRunner* hook_runner() const { return hooks_; }

  // Shuffles with `rng` (or takes `fixed`) and runs the deal plan up to the first
  // decision. Returns "" or an error (a hook failure, a bad fixed deal).
  // The state draws from its own copy of `rng`; `rng` is advanced past what
  // the deal used up to its first decision.
  std::string start_deal(int dealer, int deal_index, Rng& rng, const FixedDeal* fixed = nullptr);
  std::string start_position(int dealer, int deal_index, const PlayPosition& position);

  Phase phase() const { return phase_; }
  // The decision the seat to move faces: what is asked, who answers, who sees
  // the answer (engine/question.h); its answers are legal().
  Question question() const;

  // Rule coverage (`simulate --coverage`, session/reports/coverage.h), never called in
  // play: the cards the seat to move could play at this turn of trick play
  // with `rule` switched off (Kind::None: under every rule), before any hook's
  // offer or game.forbid (legal_play.cc).
  CardSet legal_cards_without(PlayRuleOff rule) const;
  // Another hook runner in place of hook_runner() (coverage counts hook calls
  // through a runner that forwards to the first). Copies made later share it.
  void set_hook_runner(HookRunner* runner) { hooks_ = runner; }

  // Shuffles the cards `seat` cannot see among the places they occupy (other
  // hands, face-down cards, the stock, cards set aside), keeping every count
  // and what play has shown (a seat that did not follow holds none of that
  // suit): the seat's observation stays the same (engine/determinize.cc).
  void redeal_unseen(int seat, Rng& rng);
  // Cards a seat is publicly known not to hold: every card of a suit it did
  // not follow when following was compulsory.
  CardSet shown_not_held(int seat) const { return not_held_[size_t(seat)]; }
  bool deal_over() const { return phase_ == Phase::DealOver; }
  int to_move() const { return to_move_; }
  // The seat whose player decides the move now: the seat to move, or the seat
  // a hook gave its hand to (game.set_controller). Runners ask this seat's
  // player, with this seat's view; the action stays the mover's.
  int decider() const { return controller_[size_t(to_move_)]; }
  // The legal actions of the seat to move, computed once per turn.
  const LegalActions& legal() const { return legal_; }
  void legal_actions(LegalActions* out) const { *out = legal_; }
  // Applies a legal action; an illegal one is refused with the reason and the
  // legal actions, and the state is unchanged.
  std::string apply(const Action& action);
  // The same without building a message on success, for loops that play many
  // deals; on false, error() says why.
  bool try_apply(const Action& action) {
    const bool ok = apply_action(action);
#ifdef HUKUM_CHECK_INVARIANTS
    if (ok) assert_invariants();
#endif
    return ok;
  }
  // Random card play without asking players, for the runner (engine/random_play.cc).
  // While the decision is cards alone played to a trick or the layout (legal()
  // cards_only, ActionKind::Play), no event sink listens and the deciding seat
  // has a stream in `streams` (by seat; null: its player is asked), plays the
  // card random_card draws from the legal ones: the draw and the card of
  // RandomPlayer, without building a decision for a player. Stops at another
  // decision or the deal's end; false on an engine error (error()). With
  // `draw_for_one` false a lone legal card is played without a draw (the
  // searching bots' playouts, session/bots/playout.cc, draw only for a choice).
  bool play_random_cards(Rng* const* streams, bool draw_for_one = true);
  // Aborts with the broken invariant, if any (engine/invariants.cc); called
  // after every action and deal start in HUKUM_CHECK_INVARIANTS builds.
  void assert_invariants() const;
  const std::string& error() const { return error_; }
  const DealResult& result() const { return result_; }
  // Everything the deal changed (engine/deal_state.h): a unit test checks that
  // a new deal on a used state starts as on a fresh one.
  const DealState& deal_state() const { return *this; }

  // Zones and counters, for observations, scenarios and invariant checks.
  CardSet hand_of(int seat) const { return hand_[seat]; }
  CardSet hidden_of(int seat) const { return hidden_[seat]; }
  CardSet captured_by(int seat) const { return captured_[seat]; }
  CardSet stock() const;
  CardSet trick_cards() const;
  // Zones (engine/zones.cc): the cards of a place, every place of this
  // ruleset, where a card is (false: nowhere), and a place as words.
  CardSet cards_in(Place place) const;
  std::vector<Place> places() const;
  bool place_of(Card card, Place* out) const override;
  CardSet cards_at(Place place) const override { return cards_in(place); }
  int trick_of(Card card, int* seat) const override;
  int trick_winner(int number) const override;
  std::string place_text(Place place) const;
  CardSet revealed() const { return revealed_; }  // hidden cards turned face up this deal
  // Fishing: the face-up layout, the card waiting for its player's choice of
  // target (played or turned; public), the cards left in the stock, redeals.
  CardSet layout() const override { return layout_; }
  int layout_in_order(Card* out) const override;  // fishing.cc
  // Layout cards a hook grouped (game.group): a card that takes one takes them all.
  std::vector<CardSet> layout_groups() const { return {groups_.begin(), groups_.begin() + group_count_}; }
  // Capture by sum: the cards chosen so far for the pending card's set (still on the layout).
  CardSet taking() const { return taking_ | claimed_; }
  // Builds on the layout (fishing.builds): cards laid together for a value,
  // owned by the seat that made or last raised them (engine/fishing_builds.cc).
  using LayoutBuild = hukum::LayoutBuild;  // engine/hook_context.h
  std::vector<LayoutBuild> layout_builds() const { return {builds_.begin(), builds_.begin() + build_count_}; }
  int layout_builds(LayoutBuild* out, int capacity) const override {
    const int n = std::min<int>(capacity, build_count_);
    std::copy(builds_.begin(), builds_.begin() + n, out);
    return n;
  }
  int building_value() const { return building_value_; }  // after "build N": N, while its cards are chosen
  int sweeps(int seat) const override { return sweeps_[size_t(seat)]; }
  int last_capturer() const { return last_capturer_; }
  Card pending_card() const { return pending_; }
  CardSet pending() const { return pending_ == kNoCard ? CardSet() : CardSet::of(pending_); }
  int stock_left() const { return stock_size_ - stock_top_; }
  int redeals() const { return redeals_; }
  // How many cards were discarded face down this deal (take_turn_up); they
  // stay in their owners' hidden zones to the end of the deal.
  int discarded_count() const { return discarded_; }
  int hook_set_aside() const { return hook_set_aside_; }    // net cards game.move put in the out zone
  int hook_face_down() const { return hook_face_down_; }    // net cards game.move laid face down
  // The match scores before this deal (per team), for the lowest-score dealer rule.
  void set_match_scores(const std::vector<int>* scores) { match_scores_ = scores; }
  CardSet out_of_play() const { return out_of_play_; }  // set aside unplayed (sitting out, early end)
  bool sits_out(int seat) const { return (sitting_out_ >> seat) & 1; }
  uint32_t sitting_out() const { return sitting_out_; }
  int asked_seat() const { return asked_seat_; }  // a seat answering a between-tricks question
  // A `bids` step: the seat's bid (public), or -1 before it has bid.
  int bid_of(int seat) const override { return bids_[size_t(seat)]; }
  int cards_per_seat() const;  // what this deal's Deal steps give each seat (hand sizes may vary by deal)
  int high_bid() const { return high_bid_; }
  int high_bidder() const { return high_bidder_; }
  int trick_winner_so_far() const;
  int tricks_won_by_seat(int seat) const { return tricks_won_[seat]; }
  int deal_index() const { return deal_index_; }
  int leader() const { return leader_; }
  int last_trick_winner() const { return last_trick_winner_; }
  std::vector<std::pair<int, Card>> last_trick() const;
  // Cards of the current trick lying face down (play.face_down): only their
  // owner may see them until the trick is complete (engine/face_down.cc).
  bool face_down_at(int position) const { return (trick_face_down_ >> position) & 1; }
  CardSet face_down_cards() const;
  // How every card behaves now: the view of the trump suit (or of none), or of
  // the named trump order the contract chose (play.trump_orders).
  const TrumpView& trump_view() const {
    return trump_order_ < 0 ? rules_.play.view(trump_suit_) : rules_.play.trump_orders[size_t(trump_order_)].view;
  }
  int trump_order() const override { return trump_order_; }  // index in play.trump_orders, -1: none chosen
  // Whether `card` would be played face down now.
  bool plays_face_down(Card card) const {
    return rules_.play.face_down == TrickRules::FaceDown::Trump && trump_view().trumps.contains(card);
  }
  Card trump_card_shown() const { return trump_card_shown_; }
  // The card turned face up by a turn_up step, while it lies on the table (public).
  Card turn_up() const override { return turn_up_; }
  CardSet turn_up_zone() const { return turn_up_ == kNoCard ? CardSet() : CardSet::of(turn_up_); }
  // Declared melds (public), and their points per team.
  const std::vector<Meld>& melds() const override { return melds_; }
  int meld_points(int team) const override { return meld_points_[size_t(team)]; }
  int trump_auction_round() const { return auction_round_; }
  int next_seat(int seat) const { return next_[size_t(seat)]; }
  int direction_step() const { return step_; }
  // +1 when this deal is dealt clockwise, -1 counterclockwise (`deal_direction`).
  int deal_direction_step() const { return deal_step_; }
  // The step (+1 clockwise, -1 counterclockwise) of direction `d` in deal `deal_index` (0-based).
  static int direction_step_for(Direction d, int deal_index);

  // HookContext.
  const Ruleset& ruleset() const override { return rules_; }
  int seat_to_play() const override { return phase_ == Phase::Play ? to_move_ : kNoSeat; }
  int dealer() const override { return dealer_; }
  CardSet hand(int seat) const override { return hand_[seat]; }
  CardSet hidden(int seat) const override { return hidden_[seat]; }
  int trump_suit() const override { return trump_suit_; }
  int led_suit() const override { return led_suit_; }
  std::vector<std::pair<int, Card>> trick() const override;
  int tricks_played() const override { return tricks_played_; }
  int tricks_won(int team) const override;
  int points_won(int team) const override;
  int points_won_by(int seat) const override;
  int bidder() const override { return bidder_; }
  int contract() const override { return contract_; }
  bool declared() const override { return declared_; }
  int deal_number() const override { return deal_index_; }
  int seat_after(int seat) const override { return next_seat(seat); }
  std::pair<int, int> contract_band() const override;
  const DealResult* result_so_far() const override { return scoring_ ? &result_ : nullptr; }
  std::string set_trump(int suit) override;
  std::string set_trump_order(int order) override;
  std::string reveal_hidden(int seat, CardSet* revealed) override;
  std::string offer(const std::string& action, bool exclusive) override;
  std::string require_trump(int seat) override;
  std::string add_score(int team, int points) override;
  std::string ask(int seat, const std::vector<std::string>& words) override;
  std::string ask_number(int seat, const std::vector<std::string>& words, int low, int high) override;
  std::string ask_number_of(int seat, const std::vector<std::string>& words, const std::vector<int>& values) override;
  std::string ask_card(int seat, const std::string& word, CardSet cards) override;
  std::string redeal(const std::string& reason) override;
  std::string end_deal() override;
  std::string end_match(int winner_team) override;
  // The match_over hook, run by the match once the deal is added to its
  // totals. Returns "" or the hook's failure; `ended` and `winner` say whether
  // the hook ended the match (game.end_match) and for whom (-1: the leader).
  std::string run_match_over(bool* ended, int* winner);
  std::string set_result(int winner_team, const std::string& name) override;
  std::string set_result_side(int side, const std::string& name) override;
  std::string set_game_points(int team, int points) override;
  const VarValue& vars() const override { return vars_.value(); }
  uint64_t vars_stamp() const override { return vars_.stamp(); }
  void set_vars(VarValue value) override { vars_.set(std::move(value)); }
  HookVars* lazy_vars() override { return &vars_; }
  CardSet captured(int seat) const override { return captured_[seat]; }
  CardSet chosen(int seat) const override { return chosen_[seat]; }
  int tricks_won_by(int seat) const override { return tricks_won_[seat]; }
  int match_score(int team) const override {
    return match_scores_ && size_t(team) < match_scores_->size() ? (*match_scores_)[size_t(team)] : 0;
  }
  std::vector<std::pair<int, Card>> previous_trick() const override { return last_trick(); }
  std::vector<std::pair<int, Card>> past_trick(int number) const override;
  int trick_plays(int number, std::pair<int, Card>* out) const override;
  CardSet legal_cards() const override { return legal_.cards; }
  std::string forbid(CardSet cards) override;
  std::string move_card(Card card, Place to) override;
  std::string move_cards(CardSet cards, Place to) override;
  std::string group_layout(CardSet cards) override;
  std::string capture_sets(const std::vector<CardSet>& sets) override;
  std::string set_direction(int step) override;
  std::string set_contract(int seat, int value) override;
  std::string set_leader(int seat) override;
  std::string set_led_suit(int suit) override;
  // engine/seat_control.cc: hands laid face up, seats played by others, and
  // the hooks' match state.
  int controller(int seat) const override { return controller_[size_t(seat)]; }
  std::string show_cards(int seat, CardSet cards) override;
  std::string declare_meld(int seat, const std::string& name, CardSet cards, int value) override;  // melds.cc
  std::string set_controller(int seat, int by) override;
  const VarValue* match_vars() const override { return &match_vars_; }
  std::string set_match_vars(VarValue value) override;
  const std::vector<SaidCall>* calls_said() const override { return &calls_said_; }
  int contract_word() const override { return contract_word_; }
  int contract_doubled() const override { return contract_doubled_; }
  // engine/sides.cc: who plays together in this deal.
  int side_of(int seat) const override { return side_of_[size_t(seat)]; }
  bool same_side(int a, int b) const { return side_of_[size_t(a)] == side_of_[size_t(b)]; }
  bool sides_changed() const { return sides_changed_; }  // this deal's sides are not the teams
  std::string set_sides(const std::vector<std::vector<int>>& sides, uint32_t known_to = kAllSeatsKnow) override;
  // What `viewer` may know of the sides: the true ones when they are public or
  // it knows the secret, else the public ones (those in force before the secret).
  bool sides_secret_from(int viewer) const { return sides_known_to_ != 0 && !((sides_known_to_ >> viewer) & 1u); }
  bool sides_secret() const { return sides_known_to_ != 0; }
  uint32_t sides_known_to() const { return sides_known_to_; }
  int side_seen_by(int viewer, int seat) const {
    return sides_secret_from(viewer) ? public_side_of_[size_t(seat)] : side_of_[size_t(seat)];
  }
  // Whether `a` and `b` are partners as far as `viewer` knows: what a seat's
  // legal answers may depend on, so that they never tell it a secret side.
  bool same_side_seen_by(int viewer, int a, int b) const {
    if (!sides_secret_from(viewer)) return same_side(a, b);
    return public_side_of_[size_t(a)] == public_side_of_[size_t(b)];
  }
  bool sides_changed_for(int viewer) const { return sides_secret_from(viewer) ? public_sides_changed_ : sides_changed_; }
  // game.not_held: cards `seat` is publicly known not to hold (hand or face
  // down); sampled worlds never give it them (engine/determinize.cc).
  std::string not_held(int seat, CardSet cards) override;
  CardSet hook_not_held(int seat) const { return hook_not_held_[size_t(seat)]; }
  // game.call_card: `seat` calls `card` (play.called_card's duties follow
  // it); game.called_card reads it (kNoCard: none). engine/called_card.cc.
  std::string call_card(int seat, Card card) override;
  Card called_card() const override { return called_card_; }
  bool play_over() const override { return !cards_left_; }
  // A match's hook state as a scenario gives it, or a new match's (empty).
  void reset_match_vars(VarValue value = VarValue::table()) { match_vars_ = std::move(value); }

  // ---- What a step kind of its own file may do (engine/steps/, ruleset/step_kind.h) ----
  // The step a seat is answering, or null when none waits.
  const DealStep* waiting_step() const { return step_decides() ? &current_step() : nullptr; }
  // The word of the step a seat is answering, or "" when no step waits.
  std::string waiting_step_name() const { return step_decides() ? step_name(current_step()) : std::string(); }
  // The seat a seat word names now; -1 for the bidder before there is one.
  int seat_named(SeatRef ref) const { return seat_ref(ref); }
  // This step's own state: a trivially copyable struct of at most
  // kStepSlotBytes, zeroed as every deal starts and copied with the state.
  template <class T>
  T& step_state(const DealStep& step) {
    static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= kStepSlotBytes && alignof(T) <= 8,
                  "a step's state is a few plain words");
    return *std::launder(reinterpret_cast<T*>(step_slots_[size_t(step.slot)].bytes));
  }
  template <class T>
  const T& step_state(const DealStep& step) const {
    return const_cast<GameState*>(this)->step_state<T>(step);
  }
  // The top `count` cards of the stock into a place (fewer when the stock runs out).
  CardSet take_from_stock(int count, Place to);
  // Cards of `seat`'s hand laid face down, out of the play to the end of the
  // deal; seen by their owner only (counted by invariants as discards).
  void discard_face_down(int seat, CardSet cards);
  // Cards of `seat`'s hand laid face down, out of the hand until a hook brings
  // them back (set_aside); seen by their owner only.
  void lay_face_down(int seat, CardSet cards);
  // Cards of `seat`'s face-down zone into its won cards (they count for its side).
  void count_face_down(int seat, CardSet cards);
  // Everyone knows `seat` holds these cards, in the hand or face down, without
  // knowing which (determinize.cc keeps them with the seat).
  void known_to_hold(int seat, CardSet cards) { known_held_[size_t(seat)] |= cards; }
  // Tells every seat these cards (the log's `shown`, the narrator).
  void announce_shown(int seat, CardSet cards) {
    if (sink_) sink_->cards_shown(seat, cards);
  }
  // An auction's call, kept in the deal's public record (game.calls()).
  void record_call(int seat, const Action& action) { calls_said_.push_back({int8_t(seat), action}); }
  // An auction of the engine's bids ("bid 16"): the standing bid and its
  // seat, public (observations' high_bid and high_bidder, the refusals).
  void set_standing_bid(int seat, int value) {
    high_bidder_ = seat;
    high_bid_ = value;
  }
  // The auction's outcome: `seat` holds the contract of `value` (the bidder;
  // with deal_sides bidder_alone it also makes the sides), named by action
  // word `word`, doubled `doubled` times.
  void decide_contract(int seat, int value, int word, int doubled) {
    set_bidder(seat);
    contract_ = value;
    contract_word_ = int16_t(word);
    contract_doubled_ = int8_t(doubled);
  }
  // Nobody took a contract: the deal is thrown in unplayed ("all_passed").
  bool throw_in_deal() {
    throw_in();
    return error_.empty();
  }
  // The step waits for `seat`'s answer (its row's legal/apply).
  void wait_for(int seat) {
    phase_ = Phase::Question;
    to_move_ = seat;
    update_legal();
  }
  // The step asks again (after an answer that leaves it waiting).
  void ask_again() { update_legal(); }
  // The step is done after an answer: the plan goes on.
  bool step_finished() { return advance_plan() && run_deal_plan(); }
  static Place hand_of_place(int seat) { return hand_place(seat); }
  // step_table.cc: a step's input form and pass, from its row (step_input_form).
  static const char* input_form_of(const DealStep& step, bool* offers_pass);

 private:
  bool apply_action(const Action& action);  // play.cc: try_apply's work
  // step_table.cc: how the deal plan runs each kind of step.
  static const StepRow& step_row(DealStep::Kind kind);
  // The step of the plan a seat is answering (only while phase_ is a step's).
  const DealStep& current_step() const { return rules_.deal[plan_pos_]; }
  bool step_decides() const { return phase_ == Phase::Question; }
  // seat_control.cc
  void lay_down_dummy();
  // deal.cc
  void reset_deal(int dealer, int deal_index);
  std::string stack_stock(const FixedDeal& fixed);
  bool run_deal_plan();
  void deal_packets(const DealStep& step);
  int packet_rounds(const DealStep& step) const;
  int packet_size(const DealStep& step, int round) const;
  void show_random_trump();
  // turn_up.cc
  void turn_up_card();
  bool stack_turn_up(const FixedDeal& fixed, const DealStep& rest, CardSet* used, std::vector<size_t>* taken,
                     int* n, bool* from_hand);
  bool deal_rest(const DealStep& step);  // false (error_ says why) when a fixed deal listed the turn-up for another seat
  void begin_trump_auction();
  int trump_auction_speaker() const;
  void legal_trump_calls(LegalActions* out) const;
  bool apply_trump_call(const Action& action);
  void throw_in();
  bool begin_exchange(const DealStep& step);  // false when nobody can exchange
  void legal_exchange(LegalActions* out) const;
  bool apply_exchange(const Action& action);
  // script_step.cc: a step kind written in Lua, and the questions it asks.
  StepStart begin_script_step(const DealStep& step);
  void legal_script_answers(LegalActions* out) const;
  bool apply_script_answer(const Action& action);
  StepStart after_script_hook();
  std::string may_ask(int seat) const;  // "" when a hook may ask `seat` a question now
  // Whether asking `seat` adds to a question this hook already asked it (words and
  // numbered words together), rather than replacing it; a card question stands alone.
  bool adds_to_question(int seat) const { return asked_seat_ == seat && ask_cards_.empty(); }
  static constexpr int kMaxStepAnswers = 1000;
  // take_turn_up.cc
  bool begin_take_turn_up(const DealStep& step);  // false when the step does nothing this deal
  bool apply_discard(Card card);
  // melds.cc
  bool next_meld_seat();  // true when a seat must choose; false when the step is done
  void legal_melds(LegalActions* out);
  bool apply_meld(const Action& action);
  void find_undeclared_melds();  // melds.cc
  void declare_melds(int seat);
  void settle_melds();  // melds.score best_team, once every seat has declared
  // melds.at first_card (melds.cc): the melds offered beside the cards at a
  // seat's first turn, declaring them, and the turn's end when the card is played.
  void open_meld_turns();  // deal.cc, as the play begins
  void offer_melds_in_play(LegalActions* out);
  bool apply_meld_in_play(const Action& action);
  void end_meld_turn(int seat);
  // choose.cc
  bool begin_choose(const DealStep& step);  // false when this deal skips it (pass_to 0)
  bool apply_choose(Card card);
  void resolve_choose(const DealStep& step);
  int pass_offset(const DealStep& step) const;
  // bids.cc
  void begin_bids();
  bool apply_bid(int value);
  void legal_bids(LegalActions* out) const;
  int seat_ref(SeatRef ref) const;
  int deal_first() const;          // the first seat to receive cards
  int deal_after(int seat) const;  // the next seat to receive cards
  bool enter_play();
  // auction.cc
  void begin_raise();
  void begin_declare();
  void legal_raise(LegalActions* out) const;  // pass, raise <n>
  bool apply_raise(const Action& action);
  void legal_declare(LegalActions* out) const;  // pass, the declaration word
  bool apply_declare(const Action& action);
  void compute_next_table();
  // play.cc
  bool prepare_turn();
  bool hook_wanted(const HookBinding& h) const;  // bound, and its `when` holds
  // Runs the function bound to an event point when its `when` holds; false
  // with error_ set when it fails.
  bool run_event(HookPoint point, HookArgs args);
  bool advance_plan();  // the current deal step is done: step_done, then the next
  bool redeal_if_asked();  // redeal.cc: a step_done hook threw the deal in
  void clear_deal();       // deal.cc: what a deal changes, as a deal starts
  void start_from_rules();  // deal.cc: the start values a fresh DealState cannot know
  // engine/transfer.h: the one primitive that moves cards between zones (the
  // engine's moves and game.move's), and the stock's top cards drawn with it.
  inline void transfer(CardSet cards, Place from, Place to);
  inline CardSet draw(int count, Place to);
  static Place hand_place(int seat) { return Place{Zone::Hand, seat}; }
  static Place face_down_place(int seat) { return Place{Zone::FaceDown, seat}; }
  static Place won_place(int seat) { return Place{Zone::Won, seat}; }
  static constexpr Place kStockPlace{Zone::Stock, kNoSeat};
  static constexpr Place kTrickPlace{Zone::Trick, kNoSeat};
  static constexpr Place kLayoutPlace{Zone::Layout, kNoSeat};
  static constexpr Place kTurnUpPlace{Zone::TurnUp, kNoSeat};
  static constexpr Place kPendingPlace{Zone::Pending, kNoSeat};
  static constexpr Place kOutPlace{Zone::Out, kNoSeat};
  void set_aside_held(int seat);
  void bring_to_stock_top(Card card);  // zones.cc, for game.move from the stock  // a seat's hand and face-down cards go out (sitting out, deal ended)
  template <class F>
  CardSet for_places_holding(CardSet cards, F&& f) const;  // zones.cc, for game.move
  std::array<int, kMaxSeats> held_counts() const;
  std::string check_moves_between_tricks(const std::array<int, kMaxSeats>& before, const char* hook);
  // A hook that may move cards (game.move) during the play: every seat keeps as many as it held.
  bool run_event_moving_cards(HookPoint point, HookArgs args, const char* hook);
  bool run_moving_cards(const char* hook, const std::function<bool()>& call);  // call: false when error_ is set
  bool run_fishing_event(HookPoint point, HookArgs args, const char* hook);  // fishing.cc
  bool turn_hook_due() const;
  bool run_turn_hooks();
  bool run_legal_filter();
  bool apply_play(Card card);
  // The rest of a card's turn once its card_played hook is done (and any
  // question it asked answered): the trick completes, or the next seat plays.
  bool continue_after_card(int seat);
  void legal_plays(CardSet* out) const;
  // random_play.cc: the rest of a trick played by play_random_cards' streams
  // in one loop, when nothing but the plain rules acts on its cards.
  bool quick_trick_due() const;
  bool play_quick_trick(Rng* const* streams, bool draw_for_one, bool* stopped);
  template <bool kNarrow>
  bool quick_trick_cards(Rng* const* streams, bool draw_for_one, bool* stopped);
  // What legal_plays (legal_play.cc) finds under the plain rules (plain_play_)
  // when no hook made the seat trump or offered an exclusive word: the hand to
  // lead, else the cards of the suit led, or the hand when it has none.
  CardSet plain_plays() const {
    const CardSet hand = hand_[size_t(to_move_)];
    if (trick_size_ == 0 || led_suit_ == kNoSuitSlot) return hand;
    const CardSet follows = hand & trump_view().suit_mask[size_t(led_suit_)];
    return follows.empty() ? hand : follows;
  }
  // Here, inline, so that every turn's caller (prepare_turn) runs the path of
  // trick play without a call; the rest is update_legal_fully (play.cc).
  void update_legal() {
    LegalActions& out = legal_;
    // Trick play after a turn of trick play: the actions were cards alone and
    // stay so unless a hook offered a word or asked for a card. Every field
    // but the cards (and the numbered words' range, copied as below) already
    // holds what the general path would write, so only the cards are computed.
    if (out.cards_only && phase_ == Phase::Play && offers_.empty() && number_offers_.empty() &&
        ask_cards_.empty()) [[likely]] {
      out.word_low = number_low_, out.word_high = number_high_;
      if (!out.word_values.empty() || !number_values_.empty()) [[unlikely]] out.word_values = number_values_;
      if (plain_play_ && !offers_exclusive_ && must_trump_seat_ != to_move_) [[likely]]
        out.cards = plain_plays();
      else
        legal_plays(&out.cards);
      return;
    }
    update_legal_fully();
  }
  void update_legal_fully();  // play.cc: update_legal's general path
  bool finish_trick();
  bool end_deal_now();
  bool apply_hook_action(const Action& action);
  std::string turn_up_hidden(bool must_trump);  // state.cc: hooks.actions {effect: turn_up_hidden}
  bool apply_card_answer(Card card);
  int winner_of_trick() const;
  struct TrickBest {
    int position = 0;
    bool trump = false;
    int strength = 0;
  };
  TrickBest trick_best() const;
  // legal_play.cc: `Rules` says which play rule is switched off (none in play).
  template <class Rules>
  CardSet legal_cards_with(const Rules& rules) const;
  template <class Rules>
  CardSet legal_leads(const Rules& rules) const;
  template <class Rules>
  CardSet legal_follows(const Rules& rules) const;
  // play.called_card: `allowed` narrowed by the called card's duties (called_card.cc).
  CardSet called_card_duties(CardSet allowed) const;
  CardSet played_to_earlier_tricks() const;
  int first_leader() const;
  // fishing.cc
  void deal_layout(const DealStep& step);
  bool arrive(Card card, Place from);
  void capture(int seat, Card by, Place by_from, CardSet taken, CardSet taken_before = CardSet());
  CardSet taken_with(Card card) const;
  int target_units(CardSet targets) const;
  void prune_groups();
  bool apply_fish_play(Card card);
  bool apply_take(Card target);
  bool apply_decline();
  bool after_capture();
  bool flip_stock();
  void take_leftover();
  // fishing_sum.cc
  struct SumChoice {
    int sets = 0;   // sets the pending card may still take (with the cards chosen so far)
    CardSet cards;  // the cards of those sets not chosen yet
    CardSet only;   // with exactly one set: that set
  };
  SumChoice sum_choice(Card by, CardSet taken) const;
  SumChoice hook_set_choice(CardSet taken) const;  // among the capture_rule hook's sets
  bool offer_sum_capture(Card by, Place from);
  // fishing_builds.cc: captures of every set at once (capture.sets: all) and builds.
  enum class UnitsFor : uint8_t { Capture, Raise };
  SumChoice unit_choice(int target, UnitsFor kind, CardSet taken) const;
  SumChoice memo_choice(CardSet taken) const;
  bool uses_unit_sets(Card card) const;
  uint32_t loose_sums() const;
  int units_value(CardSet cards) const;
  bool can_capture(Card by) const;
  int card_value(Card card) const { return rules_.fishing.rank_value[size_t(rules_.deck.cards[card].rank)]; }
  bool offer_options(Card by, Place from);
  bool continue_capture(Card by, Place from, const SumChoice* first = nullptr);
  bool continue_build();
  CardSet required_raise(int seat, Card by, int value) const;
  uint32_t build_values_for(int seat, Card by) const;
  bool owns_build(int seat) const;
  CardSet playable_by_builder(CardSet hand) const;
  int build_of(Card card) const;
  void prune_builds();
  bool apply_build(const Action& action);
  bool make_build(CardSet cards);
  // fishing_rule.cc: the capture_rule hook for `card`. False when it failed
  // (error_ set); *decided when it called game.capture_sets.
  bool ask_capture_rule(Card card, bool* decided);
  bool last_play() const;
  bool end_fishing_turn();
  bool next_fishing_turn();  // the turn is over: refill, the next seat, or the deal's end
  // fishing_combinations.cc: a turn that raised its side's combination points
  // calls combination_scored, which may ask the seat a question or end the deal.
  // True when the turn waits for an answer (*waits) or the hook is done.
  bool check_combinations(bool* waits);
  int combination_total(int team) const;
  std::string place_fishing(const PlayPosition& pos, CardSet* seen);
  // fishing_scoring.cc
  void score_fishing();
  void score_majorities(DealResult& r) const;
  int lowest_score_seat(const std::vector<int>& deal_points) const;
  // scoring.cc
  void score_deal();
  void count_points(DealResult* result) const;
  bool score_contract();
  bool target_reached_mid_deal() const;
  bool stop_fishing_deal();
  int next_dealer_after(const DealResult& r) const;
  void close_deal(bool hook_points_counted = false);  // a contract or declaration decides; false when there is none

  // An EventSink pointer that a copy does not inherit (see the copy constructor).
  struct SinkRef {
    EventSink* sink = nullptr;
    SinkRef() = default;
    SinkRef(const SinkRef&) {}
    EventSink* operator->() const { return sink; }
    explicit operator bool() const { return sink != nullptr; }
  };

  // ---- What lasts from deal to deal, or comes from the rules ----
  // (Everything a deal changes is in DealState, engine/deal_state.h.)
  const Ruleset& rules_;
  CardPoints card_points_;  // the points of a won pile, by masks (scoring)
  HookRunner* hooks_;
  const bool turn_hooks_;  // cannot_follow or cannot_play is bound: turns may need hooks
  // Hook points checked on every turn or trick, looked up once (a binding is two strings).
  const bool legal_filter_hook_, card_played_hook_, trick_done_hook_, captured_hook_, refilled_hook_,
      capture_rule_hook_, combination_hook_;
  // Trick play by the plain rules: any card may be led, following the suit
  // led is the one obligation, and no card is barred from the first trick or
  // is of no suit. The turn's legal cards are then a mask or two (plain_plays).
  const bool plain_play_;
  // Plain play that nothing watches card by card: no hook on a card played,
  // no legal filter, no follow_suit_or_trump or exempt card, no trump
  // played face down, no dummy laid down at the opening lead. Random play then
  // plays a trick's cards by play_quick_trick (random_play.cc).
  const bool quick_tricks_;
  const bool narrow_deck_;  // at most 64 cards: every card set fits its low word
  SinkRef sink_;
  HookVars vars_;  // game.vars: hook state, reset every deal (start_from_rules)
  void finish_registered_steps();  // each registered step's deal_end, before scoring
  // game.match_vars: hook state kept from deal to deal, reset by a new match.
  // Written back only by hooks that used it, so other rulesets pay nothing.
  VarValue match_vars_ = VarValue::table();
  // The match_over hook, run between deals (run_match_over).
  bool in_match_over_ = false;  // inside it (game.end_match allowed)
  bool match_end_asked_ = false;
  int match_winner_asked_ = -1;
  const std::vector<int>* match_scores_ = nullptr;
  // The auction's winner (or a hook's, a position's): with teams.deal_sides
  // bidder_alone it also decides the sides of the deal (engine/sides.cc).
  void set_bidder(int seat);
  void announce_sides();

  // The deal's place in the match, set as it starts (reset_deal) and kept
  // through a redeal: the dealer, the number, the directions (a hook may turn
  // the play's, game.set_direction) and the next-seat table they make.
  int dealer_ = 0;
  int deal_index_ = 0;
  int step_ = 1;  // +1 clockwise, -1 counterclockwise, for this deal's play
  int deal_step_ = 1;  // the same for dealing the cards (deal_direction)
  std::array<int8_t, kMaxSeats> next_{};  // the next seat in this deal's direction (compute_next_table)
  // Where the deal's cards come from, set by start_deal and kept through a
  // redeal (which shuffles with rng_ again).
  Rng rng_{0};  // the deal's generator (a copy of the caller's, see start_deal)
  bool fixed_ = false;  // the deal comes from a FixedDeal (scenarios), not a shuffle
  // A fixed deal whose deal_rest seat is known only later (the bidder): the
  // seat whose listed hand holds the turn-up, stacked for it; -1 otherwise.
  int8_t fixed_turn_up_seat_ = -1;
  int redeals_ = 0;  // times this deal was thrown in (game.redeal): 0 as it starts, counted through redeals

  // Limits on what hooks may ask.
  static constexpr int kMaxAskedNumber = 999;
  static constexpr int kMaxAskedAnswers = 256;
  static constexpr int kMaxHookActionsInRow = 64;
  static constexpr int64_t kMaxHookScore = 1'000'000'000;  // add_score's running total per team and deal
  static constexpr size_t kMaxMelds = 64;        // declared in one deal (game.meld)
  static constexpr int kMaxMeldValue = 100000;  // game.meld's value, either sign
};



}  // namespace hukum
