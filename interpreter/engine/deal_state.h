// DealState: everything one deal changes, from the shuffle to the result, each
// field declared with the value it holds as a deal starts. GameState
// (engine/state.h) derives from it, so the engine reads these fields by their
// own names (`trick_size_`); starting a deal, or throwing one in (redeal.cc),
// makes them fresh with reset(). A field added here is reset by being declared
// with its initializer: there is no list of fields to keep up to date.
//
// What lasts from deal to deal (the dealer, the deal number and directions,
// the match's hook state and scores, the rules, the hook runner, the sink, the
// deal's generator) stays in GameState, and so do the few start values that
// come from the rules (GameState::start_from_rules in deal.cc).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "core/card.h"
#include "engine/action.h"
#include "engine/events.h"
#include "engine/hook_context.h"
#include "ruleset/step_kind.h"

namespace hukum {

// Play: trick play (or a fishing turn), the hot path with its own legal filter.
// ChooseCapture (fishing): the card just played or turned has more targets than
// it may take, and its player picks one ("take 5H").
// Question: a step of the deal plan waits for a seat's answer (a bid, a call, a
// discard, a card chosen face down, a Lua step's game.ask): the step's row
// (engine/step_table.cc, ruleset/step_kind.h) gives the answers and applies
// them, and GameState::question() says what is asked. A new step kind adds a
// row, never a phase.
enum class Phase : uint8_t { Play, ChooseCapture, Question, DealOver };

namespace deal_state {
// An array with every entry `value` (a default member initializer).
template <class T, size_t N>
constexpr std::array<T, N> filled(T value) {
  std::array<T, N> a{};
  for (auto& x : a) x = value;
  return a;
}
}  // namespace deal_state

// ---- The plain part: fixed-size fields, made fresh by assignment ----

// The play: the trick in progress, the hands and won piles, and what every
// turn of trick play reads. First in the state and together, for the cache.
struct DealPlay {
  Phase phase_ = Phase::DealOver;
  int to_move_ = 0;
  int leader_ = 0;
  int led_suit_ = -1;
  int trump_suit_ = -1;   // from the rules for a fixed trump (start_from_rules)
  int trump_order_ = -1;  // index in play.trump_orders chosen this deal, -1: none
  int trump_from_position_ = 0;  // trick position from which trump-suit discards count
  int tricks_played_ = 0;
  int trick_size_ = 0;
  std::array<Card, kMaxSeats> trick_card_{};
  std::array<int8_t, kMaxSeats> trick_seat_{};
  uint32_t trick_face_down_ = 0;  // bit per trick position: played face down
  int last_trick_winner_ = -1;
  int must_trump_seat_ = -1;
  bool offers_exclusive_ = false;
  bool cards_left_ = true;    // false once the last trick is complete
  uint32_t sitting_out_ = 0;  // bit per seat
  int active_seats_ = 0;      // seats that play to each trick (compute_next_table)
  std::array<CardSet, kMaxSeats> hand_{}, hidden_{}, captured_{};
  std::array<int, kMaxSeats> tricks_won_{};
  std::array<CardSet, kMaxSeats> not_held_{};   // per seat, shown out of (see shown_not_held)
  std::array<int8_t, kMaxSeats> controller_{};  // per seat, who decides its actions (itself: start_from_rules)
  std::array<int8_t, kMaxSeats> side_of_{};     // per seat, its side in this deal (its team: start_from_rules)
  bool sides_changed_ = false;                  // side_of_ is not the teams
  // Secret sides (game.set_sides with known_to): side_of_ holds the true sides,
  // known to the seats of sides_known_to_ (a bit per seat); the others see
  // public_side_of_ (public_sides_changed_: not the teams). 0: the sides are public.
  uint32_t sides_known_to_ = 0;
  std::array<int8_t, kMaxSeats> public_side_of_{};
  bool public_sides_changed_ = false;
  std::array<CardSet, kMaxSeats> hook_not_held_{};  // per seat, cards a hook said it cannot hold (game.not_held), hand or face down
  CardSet revealed_;                            // hidden cards turned face up this deal
  Card trump_card_shown_ = kNoCard;
  CardSet out_of_play_;
  std::array<int, kMaxSeats> extra_score_{};  // per team, from hooks; |total| <= kMaxHookScore
  // Where each completed trick starts in played_card_ (DealStorage): trick
  // k's first card; [tricks_played_] = the end (at most 64 tricks of two).
  std::array<uint8_t, kMaxCards / 2 + 1> trick_start_{};
  bool operator==(const DealPlay&) const = default;
};

// A registered step's own state (GameState::step_state): a few plain words.
inline constexpr size_t kStepSlotBytes = 32;
struct StepSlot {
  alignas(8) unsigned char bytes[kStepSlotBytes];
  bool operator==(const StepSlot&) const = default;
};

// The deal plan: the stock, the step under way, and the steps' own state.
struct DealPlan {
  size_t plan_pos_ = 0;
  int stock_size_ = 0;  // the deck's size (start_from_rules); the stock is stock_[stock_top_, stock_size_)
  int stock_top_ = 0;
  // Registered steps' own state (step_state), one slot per such step of the plan.
  std::array<StepSlot, kMaxStepSlots> step_slots_{};
  int choose_left_ = 0;                      // cards the seat choosing still has to choose
  int choosers_left_ = 0;                    // seats still to choose after it
  std::array<CardSet, kMaxSeats> chosen_{};  // per seat, the cards of the last choose step
  // Per seat, the cards it passed (a `choose` step's pass) and to whom (-1:
  // none): it alone knows they are in the receiver's hand until played, and
  // its sampled worlds keep them there (determinize.cc).
  std::array<CardSet, kMaxSeats> passed_cards_{};
  std::array<int8_t, kMaxSeats> passed_to_ = deal_state::filled<int8_t, kMaxSeats>(-1);
  // Per seat, cards everyone knows it has, in its hand or face down, without
  // knowing which (the turn-up it took, then perhaps discarded).
  std::array<CardSet, kMaxSeats> known_held_{};
  // The turn-up, the trump auction of rounds, the exchange, the discards (take_turn_up.cc).
  Card turn_up_ = kNoCard;
  int auction_round_ = 0;          // index in trump_auction.rounds
  int auction_turn_ = 0;           // index in the speaking order of the round
  CardSet exchange_cards_;         // the cards (every copy) that may be swapped for the turn-up
  int exchange_turn_ = 0;          // seats already asked
  bool turn_up_accepted_ = false;  // the trump is the turn-up's suit, accepted in an accept round
  int discard_left_ = 0;           // cards the seat taking the turn-up still has to discard
  int discarded_ = 0;              // cards discarded this deal (face down in their owners' hidden zones)
  // Melds (melds.cc).
  int meld_turn_ = 0;       // seats already asked to declare (from the dealer's next)
  uint16_t melds_due_ = 0;  // melds.at first_card: a bit per seat yet to play its first card
  std::array<int, kMaxSeats> meld_points_{};  // per team
  // A deal step written in Lua (script_step.cc).
  bool in_script_step_ = false;  // its function or an answer runs: it may ask, move cards, set trump
  int step_answers_ = 0;         // answers given in the current Lua step (bounded: kMaxStepAnswers)
  bool operator==(const DealPlan&) const = default;
};

// The auction, the contract and the declaration.
struct DealContract {
  int bidder_ = -1;
  int contract_ = 0;
  int16_t contract_word_ = -1;  // the contract's call (deal step `calls`): an action word, -1 none
  int8_t contract_doubled_ = 0;
  int high_bid_ = 0;          // an auction of bids: the standing bid (set_standing_bid)
  int high_bidder_ = -1;      // and its seat, -1 before any bid
  int raise_candidates_ = 0;  // seats of the bidding side still to be offered the raise
  bool declared_ = false;
  std::array<int8_t, kMaxSeats> bids_ = deal_state::filled<int8_t, kMaxSeats>(-1);  // a `bids` step's, -1 before
  int bids_left_ = 0;  // seats still to bid after the one to move
  // The card a hook called (game.call_card) and the seat that called it:
  // play.called_card's duties follow it (engine/called_card.cc).
  Card called_card_ = kNoCard;
  int8_t caller_ = -1;
  bool operator==(const DealContract&) const = default;
};

// What hooks asked for and may do now.
struct DealHookRequests {
  // A question: its seat (between tricks or in a Lua step), the numeric
  // answers' range (ask_number.cc), and game.ask_card's cards (empty: no such
  // question) with the action word whose hook gets the answer.
  int asked_seat_ = -1;
  int16_t number_low_ = 1, number_high_ = 0;
  CardSet ask_cards_;
  uint8_t ask_card_word_ = 0;
  bool in_step_done_ = false;   // a step_done hook runs: game.redeal may act
  bool moves_allowed_ = false;  // a hook may move cards (step_done, before_first_lead, trick_done)
  bool moved_by_hook_ = false;  // game.move moved a card since the flag was last cleared
  bool filtering_ = false;      // inside the legal_filter hook: game.forbid may act
  bool end_requested_ = false;  // a hook asked to end the deal
  bool scoring_ = false;        // inside score_deal (hooks may adjust the result)
  // Cards hooks moved into the out zone and face down, net, this deal: the
  // deal-end checks allow that many there.
  int hook_set_aside_ = 0, hook_face_down_ = 0;
  int hook_actions_in_row_ = 0;  // extra actions since the last card or call
  bool in_card_played_ = false;  // inside card_played: game.ask may ask in the middle of a trick
  // card_played asked a question: the seat whose card it was (once it is
  // answered the trick goes on from that seat), -1 none.
  int8_t card_question_seat_ = -1;
  bool operator==(const DealHookRequests&) const = default;
};

// Fishing: the layout, the card being resolved, builds.
struct DealFishing {
  CardSet layout_;
  // When each layout card arrived (a count that rises through the deal), so
  // the layout can be listed in the order it was laid (game.layout()).
  std::array<uint32_t, kMaxCards> layout_arrival_{};
  uint32_t layout_arrivals_ = 0;
  Card pending_ = kNoCard;        // arrived, waiting for a choice of target
  bool pending_flipped_ = false;  // the card being resolved came from the stock
  int pending_taken_ = 0;
  CardSet taken_before_;  // max_targets > 1: the pending card's targets taken so far
  CardSet targets_;
  CardSet taking_;  // by sum or by the hook's sets: the pending card's set so far
  uint8_t hook_set_count_ = 0;   // hook_sets_ (DealStorage) in use
  bool sets_from_hook_ = false;   // the pending card's captures are hook_sets_
  bool in_capture_rule_ = false;  // inside capture_rule: game.capture_sets may act
  bool may_decline_ = false;      // capture is optional: the pending card may join the layout
  std::array<int, kMaxSeats> sweeps_{};
  int last_capturer_ = -1;
  // fishing.combinations: each side's points at the end of the last turn, so
  // that combination_scored runs only when a turn raised them.
  std::array<int, kMaxSeats> combination_points_{};
  bool in_turn_end_ = false;  // in combination_scored: game.ask and game.end_deal may act
  uint8_t group_count_ = 0;  // groups_ (DealStorage) in use
  uint8_t build_count_ = 0;  // builds_ (DealStorage) in use
  uint32_t build_values_ = 0;      // the values the pending card may build (bit v)
  int building_value_ = 0;         // "build N" chosen: the cards of the build are named next
  bool build_core_done_ = false;   // the build's first set (with the played card) is chosen; its other sets follow
  bool unit_capture_ = false;      // the pending card captures set after set (fishing_builds.cc)
  CardSet claimed_;                // the sets chosen so far for that capture or build (still on the layout)
  mutable CardSet sums_of_;        // loose_sums(): the loose cards its last answer is for
  mutable uint32_t sums_ = 0;      // and that answer (0: none yet; a real answer has bit 0)
  // unit_choice's memo: every set of a search made with nothing claimed (at
  // most kMemoSets), for the layout, target and kind it was made on. Builds
  // change with the layout, and forget it when they change without it
  // (target -1: nothing kept).
  static constexpr int kMemoSets = 16;
  struct UnitSetsMemo {
    CardSet layout;
    int8_t target = -1;
    uint8_t kind = 0;
    uint8_t count = 0;
    std::array<CardSet, kMemoSets> sets{};
    bool operator==(const UnitSetsMemo&) const = default;
  };
  mutable UnitSetsMemo unit_sets_;
  bool operator==(const DealFishing&) const = default;
};

// Every fixed-size field of a deal. Trivially copyable, so that a fresh one
// is a plain store; a container here would give up its buffer every deal
// (put it in DealLists).
struct DealScalars : DealPlay, DealPlan, DealContract, DealHookRequests, DealFishing {
  bool operator==(const DealScalars&) const = default;
};
static_assert(std::is_trivially_copyable_v<DealScalars>, "a deal's fixed-size fields are plain values");

// ---- Storage: arrays read only below a count that DealState resets ----

// Not cleared as a deal starts: an entry counts only below its count, which
// is DealState's (reset with it), and is written before that count covers it.
// Kept apart so that starting a deal does not clear 1.6 KB nobody reads.
struct DealStorage {
  // Every completed trick of the deal, in order: the cards and seats in play
  // order, below trick_start_[tricks_played_]. Plain arrays: a copied state
  // (a bot's) copies them without allocating.
  std::array<Card, kMaxCards> played_card_{};
  std::array<int8_t, kMaxCards> played_seat_{};
  // Who won each of them (entry k: trick k + 1), below tricks_played_.
  std::array<int8_t, kMaxCards / 2> trick_winner_{};
  // The pack in dealing order; the stock is stock_[stock_top_, stock_size_),
  // filled as a deal starts (a shuffle, a fixed deal, a position).
  std::array<Card, kMaxCards> stock_{};
  // Fishing. The capture_rule hook's answer for the card arriving now
  // (game.capture_sets): the sets it may take, chosen like sums
  // (fishing_sum.cc), below hook_set_count_.
  static constexpr int kMaxCaptureSets = 16;
  std::array<CardSet, kMaxCaptureSets> hook_sets_{};
  // game.group: sets of layout cards that are taken together, as one target
  // (below group_count_).
  static constexpr int kMaxLayoutGroups = 16;
  std::array<CardSet, kMaxLayoutGroups> groups_{};
  // Builds on the layout, below build_count_.
  static constexpr int kMaxBuilds = 32;  // more builds at once are refused (build_values_for)
  std::array<LayoutBuild, kMaxBuilds> builds_{};
};

// ---- The lists: containers cleared in place, keeping their buffers ----

namespace deal_state {
// `x` as freshly made, except that the containers named keep their buffers
// (emptied): its other fields come from their initializers.
template <class T, class... List>
void renew_keeping(T& x, List T::*... lists) {
  T fresh;
  ((fresh.*lists).swap(x.*lists), ...);
  ((fresh.*lists).clear(), ...);
  x = std::move(fresh);
}
}  // namespace deal_state

struct DealLists {
  LegalActions legal_;  // of the seat to move; empty when the deal is over
  // The current turn's hook outcome: offered words, and numbered words
  // (ask_number.cc) with the numbers allowed (empty: number_low_..number_high_).
  std::vector<uint8_t> offers_;
  std::vector<uint8_t> number_offers_;
  std::vector<int16_t> number_values_;
  std::vector<SaidCall> calls_said_;  // the calls of this deal's auction of calls, in order
  std::vector<Meld> melds_;           // declared (public)
  std::vector<Meld> found_melds_;     // scratch: the undeclared melds of the seat asked
  DealResult result_;
  std::string redeal_reason_;  // set by game.redeal, acted on when the hook returns
  std::string error_;          // why the last call that returned false failed

  // Back to a fresh DealLists with every buffer kept: a list added above is
  // named here (the deal-reset unit test fails when one is left stale).
  void clear() {
    using deal_state::renew_keeping;
    renew_keeping(legal_, &LegalActions::words, &LegalActions::number_words, &LegalActions::word_values,
                  &LegalActions::melds);
    offers_.clear();
    number_offers_.clear();
    number_values_.clear();
    calls_said_.clear();
    melds_.clear();
    found_melds_.clear();
    renew_keeping(result_, &DealResult::name, &DealResult::points, &DealResult::tricks, &DealResult::game_points,
                  &DealResult::melds, &DealResult::bonus, &DealResult::threshold_met, &DealResult::sweeps,
                  &DealResult::majority, &DealResult::majority_winner, &DealResult::combinations);
    redeal_reason_.clear();
    error_.clear();
  }
  bool operator==(const DealLists&) const = default;
};

struct DealState : DealScalars, DealLists {
  // As a deal starts; the lists keep their buffers (no allocation per deal).
  void reset() {
    static_cast<DealScalars&>(*this) = DealScalars{};
    DealLists::clear();
  }
  bool operator==(const DealState&) const = default;
};

}  // namespace hukum
