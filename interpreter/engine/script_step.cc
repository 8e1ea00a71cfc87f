// A deal-step kind written in Lua (hooks.steps). The step's function runs with
// the step's parameters; like a step_done hook it may move cards (the stock
// included: a kitty, a widow), set the trump, the contract, the leader or the
// direction. It may also ask one seat a question with game.ask, ask_number or
// ask_card: the step then waits, the seat's answer runs the answered word's
// action hook, which may ask again (the same seat or the next one: an auction
// is a chain of questions), and the step is done when a function returns
// without asking. Answers are ordinary actions: listed, checked, logged,
// replayed and chosen by bots like any other.
#include "engine/state.h"

namespace hukum {

StepStart GameState::begin_script_step(const DealStep& step) {
  step_answers_ = 0;
  asked_seat_ = -1;
  if (!hooks_) {
    error_ = "the ruleset binds Lua hooks but no hook runner was given";
    return StepStart::Failed;
  }
  in_script_step_ = in_step_done_ = moves_allowed_ = true;
  error_ = hooks_->call_step(step.script, *this, step.params);
  in_script_step_ = in_step_done_ = moves_allowed_ = moved_by_hook_ = false;
  return after_script_hook();
}

// After the step's function or an answer's hook: wait for the seat it asked,
// or finish the step.
StepStart GameState::after_script_hook() {
  if (!error_.empty()) {
    redeal_reason_.clear();
    return StepStart::Failed;
  }
  if (asked_seat_ < 0) {
    ask_cards_ = CardSet();
    offers_.clear();
    number_offers_.clear();
    offers_exclusive_ = false;
    return StepStart::Done;
  }
  if (!redeal_reason_.empty()) {
    error_ = "a Lua step cannot both ask a seat and throw the deal in (game.redeal)";
    return StepStart::Failed;
  }
  phase_ = Phase::Question;
  update_legal();
  return StepStart::Waits;
}

void GameState::legal_script_answers(LegalActions* out) const {
  out->words = offers_;
  out->number_words = number_offers_;
  out->word_low = number_low_, out->word_high = number_high_;
  out->word_values = number_values_;
  if (!ask_cards_.empty()) {
    out->card_kind = ActionKind::Choose;
    out->cards = ask_cards_;
  }
}

bool GameState::apply_script_answer(const Action& action) {
  if (++step_answers_ > kMaxStepAnswers) {
    error_ = "a Lua step asked " + std::to_string(kMaxStepAnswers) +
             " questions without finishing: its hooks make no progress";
    return false;
  }
  const bool card_answer = action.kind == ActionKind::Choose;
  const std::string& word = rules_.action_words[card_answer ? ask_card_word_ : action.word];
  const int seat = to_move_;
  asked_seat_ = -1;
  ask_cards_ = CardSet();
  offers_.clear();
  number_offers_.clear();
  in_script_step_ = in_step_done_ = moves_allowed_ = true;
  if (card_answer) error_ = hooks_->call_card_action(word, *this, seat, action.card);
  else if (action.kind == ActionKind::WordNumber) error_ = hooks_->call_numbered_action(word, *this, seat, action.value);
  else error_ = hooks_->call_action(word, *this, seat);
  in_script_step_ = in_step_done_ = moves_allowed_ = moved_by_hook_ = false;
  switch (after_script_hook()) {
    case StepStart::Waits: return true;
    case StepStart::Failed: return false;
    case StepStart::Done: break;
  }
  return advance_plan() && run_deal_plan();
}

// Between tricks (or before the first lead), or inside a Lua step.
std::string GameState::may_ask(int seat) const {
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  if (rules_.family == Family::Fishing && !in_script_step_) {
    if (!in_turn_end_) return "a fishing game asks a seat only at the end of a turn (combination_scored)";
    if (last_play()) return "no turn follows the last one: nobody can be asked now";
  } else if (!in_script_step_) {
    if (phase_ != Phase::Play || (trick_size_ != 0 && !in_card_played_))
      return "a seat can only be asked between tricks, after a card is played (card_played) or in a Lua step";
    if (!cards_left_) return "no trick follows the last one: nobody can be asked now";
  }
  if (sits_out(seat)) return "that seat sits out this deal";
  return {};
}

}  // namespace hukum
