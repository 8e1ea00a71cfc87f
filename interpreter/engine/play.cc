// Trick play: turns and their hooks, playing a card, trump fixed mid-trick,
// and resolving a trick (generic rule, conventions 0.3). Which cards are legal
// is engine/legal_play.cc.
// This is the hot path: masks and table look-ups only, Lua only when a ruleset
// binds a hook and its condition holds.
#include "engine/meld_action.h"
#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

bool GameState::hook_wanted(const HookBinding& h) const {
  return h.bound() && hook_condition_holds(h.when, *this);
}

bool GameState::run_event(HookPoint point, HookArgs args) {
  if (!hook_wanted(rules_.hooks[size_t(point)])) return true;
  if (!hooks_) {
    error_ = "the ruleset binds Lua hooks but no hook runner was given";
    return false;
  }
  error_ = hooks_->call_hook(point, *this, args);
  return error_.empty();
}

// Called once when a seat gets the turn (and again after an extra action), so
// that hooks can offer actions; legal_actions() then only reads the outcome.
bool GameState::prepare_turn() {
  offers_.clear();
  number_offers_.clear();
  offers_exclusive_ = false;
  bool ok = !turn_hooks_ || !turn_hook_due() || run_turn_hooks();
  if (ok && end_requested_) return end_deal_now();  // a turn hook ended the deal
  update_legal();
  return ok && (!legal_filter_hook_ || run_legal_filter());
}

// legal_filter: Lua may remove plays (never all of them); offered words stay.
bool GameState::run_legal_filter() {
  if (phase_ != Phase::Play || legal_.cards.empty()) return true;
  if (!hook_wanted(rules_.hooks[size_t(HookPoint::LegalFilter)])) return true;
  HookArgs args;
  args.seat = to_move_;
  filtering_ = true;
  const bool ok = run_event(HookPoint::LegalFilter, args);
  filtering_ = false;
  return ok;
}

// Whether the seat to move cannot play or cannot follow: the one test on every
// turn of a ruleset with turn hooks, kept apart from the call itself.
bool GameState::turn_hook_due() const {
  const CardSet hand = hand_[size_t(to_move_)];
  return hand.empty() ||
         (trick_size_ > 0 && (hand & trump_view().suit_mask[size_t(led_suit_)]).empty());
}

bool GameState::run_turn_hooks() {
  if (!turn_hooks_) return true;
  const CardSet hand = hand_[size_t(to_move_)];
  HookPoint point;
  if (hand.empty()) {
    point = HookPoint::CannotPlay;
  } else if (trick_size_ > 0 && (hand & trump_view().suit_mask[size_t(led_suit_)]).empty()) {
    point = HookPoint::CannotFollow;
  } else {
    return true;
  }
  const HookBinding& binding = rules_.hooks[size_t(point)];
  if (!hook_wanted(binding)) return true;
  if (!binding.offer.empty()) {
    offers_.push_back(uint8_t(rules_.offer_word[size_t(point)]));
    offers_exclusive_ = binding.exclusive;
    return true;
  }
  HookArgs args;
  args.seat = to_move_;
  return run_event_moving_cards(point, args, point == HookPoint::CannotPlay ? "cannot_play" : "cannot_follow");
}

// Kept out of update_legal (state.h), whose turn-by-turn path is inlined
// where it is called and saves and restores fewer registers.
[[gnu::noinline]] void GameState::update_legal_fully() {
  LegalActions& out = legal_;
  out.cards_only = false;
  if (!out.words.empty() || !offers_.empty()) out.words = offers_;
  if (!out.number_words.empty() || !number_offers_.empty()) out.number_words = number_offers_;
  out.word_low = number_low_, out.word_high = number_high_;
  if (!out.word_values.empty() || !number_values_.empty()) out.word_values = number_values_;
  out.cards = CardSet();
  out.can_pass = false;
  out.low = 1, out.high = 0;
  out.hole = LegalActions::kNoHole;
  out.can_accept = out.can_declare = false;
  if (!out.melds.empty()) out.melds.clear();  // kept only while a seat declares
  out.suits = 0;
  if (step_decides()) {  // a deal step's question: its row knows the answers
    out.words.clear(), out.number_words.clear();
    const DealStep& step = current_step();
    step_row(step.kind).legal(*this, step, &out);
    return;
  }
  switch (phase_) {
    case Phase::Play:
      if (!ask_cards_.empty()) {  // a hook asked this seat for a card (game.ask_card)
        out.card_kind = ActionKind::Choose;
        out.cards = ask_cards_;
        return;
      }
      out.card_kind = ActionKind::Play;
      legal_plays(&out.cards);
      if (melds_due_) [[unlikely]] offer_melds_in_play(&out);  // melds.at first_card
      // Every other kind was cleared above; the offered words were copied.
      // While a seat may still declare at its first card, every turn takes
      // this path.
      out.cards_only = out.words.empty() && out.number_words.empty() && !melds_due_;
      return;
    case Phase::ChooseCapture:
      out.card_kind = building_value_ > 0 ? ActionKind::Build : ActionKind::Take;
      out.cards = targets_;
      out.can_pass = may_decline_;
      out.build_values = build_values_;
      out.words.clear(), out.number_words.clear();
      return;
    default:
      out.words.clear(), out.number_words.clear();
      return;
  }
}

std::string GameState::apply(const Action& action) {
  return try_apply(action) ? std::string() : error_;
}

bool GameState::apply_action(const Action& action) {
  error_.clear();  // a refused action before must not fail this one (found by fuzz_driver)
  const LegalActions& legal = legal_;
  if (!legal.contains(action)) {
    std::string text = action_text(rules_, action);
    if (phase_ == Phase::DealOver) error_ = "'" + text + "' refused: the deal is over";
    else
      error_ = "'" + text + "' is not legal for " + rules_.seat_names[size_t(to_move_)] +
               " now (legal: " + legal_text(rules_, legal) + ")";
    return false;
  }
  if (sink_) {
    // A card laid aside, chosen at once with the others or played face down:
    // the others see only that it happened.
    if (laid_face_down(action.kind) || (action.kind == ActionKind::Play && plays_face_down(action.card)))
      sink_->hidden_action(to_move_, action);
    else
      sink_->action(to_move_, action);
  }
  if (action.kind == ActionKind::Play) return apply_play(action.card);  // most actions: no jump table
  if (step_decides()) {
    const DealStep& step = current_step();
    return step_row(step.kind).apply(*this, step, action);
  }
  switch (action.kind) {
    case ActionKind::Choose:
      return apply_card_answer(action.card);  // game.ask_card
    case ActionKind::Take:
      return apply_take(action.card);
    case ActionKind::Build:
      return apply_build(action);  // fishing_builds.cc
    case ActionKind::Pass:
      return apply_decline();  // fishing: the card joins the layout
    case ActionKind::Extra:
    case ActionKind::WordNumber:
      return apply_hook_action(action);
    case ActionKind::Meld:
    case ActionKind::DeclareOne:
      return apply_meld_in_play(action);  // melds.at first_card
    default:
      break;  // legal_ holds no other kind outside a deal step
  }
  error_ = "'" + action_text(rules_, action) + "' has no effect now";
  return false;
}

// A word offered by a hook (or asked for between tricks): its Lua function
// runs, then the turn goes on, or goes back to the leader after an answer.
bool GameState::apply_hook_action(const Action& action) {
  const std::string& word = rules_.action_words[action.word];
  // A hook that offers (or asks for) words forever without the game moving on
  // would hang every simulation: stop it with an error naming the word.
  if (++hook_actions_in_row_ > kMaxHookActionsInRow) {
    error_ = "action '" + word + "' chosen after " + std::to_string(kMaxHookActionsInRow) +
             " hook actions in a row with no card or call played: its hooks make no progress";
    return false;
  }
  const bool was_asked = asked_seat_ >= 0;
  asked_seat_ = -1;
  offers_.clear();
  number_offers_.clear();
  offers_exclusive_ = false;
  // A fishing question's answer still belongs to the turn's end: it may ask
  // again or end the deal, as combination_scored may.
  in_turn_end_ = was_asked && rules_.family == Family::Fishing;
  const auto effect = rules_.action_effects.find(word);
  auto call = [&] {
    if (effect != rules_.action_effects.end())
      error_ = turn_up_hidden(effect->second.must_trump);  // the engine's own effect: no Lua
    else if (!hooks_) error_ = "the ruleset binds Lua hooks but no hook runner was given";
    else if (action.kind == ActionKind::WordNumber)
      error_ = hooks_->call_numbered_action(word, *this, to_move_, action.value);
    else
      error_ = hooks_->call_action(word, *this, to_move_);
    return error_.empty();
  };
  // In trick play the word's hook may move cards, as the hook that offered or asked it.
  const bool ok = rules_.family == Family::TrickTaking && effect == rules_.action_effects.end()
                      ? run_moving_cards(word.c_str(), call)
                      : call();
  in_turn_end_ = false;
  if (!ok) return false;
  if (end_requested_) return end_deal_now();
  if (asked_seat_ >= 0) {  // the hook asked someone else in turn
    update_legal();
    return true;
  }
  if (card_question_seat_ >= 0) {  // a card_played question answered: the trick goes on
    const int seat = card_question_seat_;
    card_question_seat_ = -1;
    return continue_after_card(seat);
  }
  if (was_asked) to_move_ = leader_;
  // Fishing: the question came at the end of leader_'s turn (combination_scored).
  if (was_asked && rules_.family == Family::Fishing) return next_fishing_turn();
  return prepare_turn();
}

// The answer to game.ask_card: the word's action hook runs with the card,
// then the turn goes back to the leader (unless the hook asks again).
bool GameState::apply_card_answer(Card card) {
  if (++hook_actions_in_row_ > kMaxHookActionsInRow) {
    error_ = "a card chosen after " + std::to_string(kMaxHookActionsInRow) +
             " hook actions in a row with no card played: its hooks make no progress";
    return false;
  }
  const std::string& word = rules_.action_words[ask_card_word_];
  ask_cards_ = CardSet();
  asked_seat_ = -1;
  offers_exclusive_ = false;
  const bool fishing = rules_.family == Family::Fishing;
  in_turn_end_ = fishing;  // as for a word's answer (apply_hook_action)
  auto call = [&] {
    if (!hooks_) error_ = "the ruleset binds Lua hooks but no hook runner was given";
    else error_ = hooks_->call_card_action(word, *this, to_move_, card);
    return error_.empty();
  };
  const bool ok = fishing ? call() : run_moving_cards(word.c_str(), call);  // in trick play it may move cards
  in_turn_end_ = false;
  if (!ok) return false;
  if (end_requested_) return end_deal_now();
  if (asked_seat_ >= 0) {  // the hook asked someone else in turn
    update_legal();
    return true;
  }
  to_move_ = leader_;
  return fishing ? next_fishing_turn() : prepare_turn();
}

// Random play does the same for a card under the plain rules in
// play_quick_trick (random_play.cc): a change here is made there too, and
// tests/unit/random_play_test.cc, which plays both ways, tells when it is not.
bool GameState::apply_play(Card card) {
  hook_actions_in_row_ = 0;
  if (rules_.family == Family::Fishing) return apply_fish_play(card);
  const int seat = to_move_;
  if (melds_due_) [[unlikely]] end_meld_turn(seat);  // melds.at first_card: declared before the card leaves
  const TrumpView& view = trump_view();
  const int suit = view.suit[card];  // an extra trump (play.extra_trumps) follows the trump suit
  if (trick_size_ == 0) {
    led_suit_ = suit;
    trump_from_position_ = 0;
  } else if (led_suit_ == kNoSuitSlot) [[unlikely]] {
    led_suit_ = suit;  // a card of no suit was led: the next card sets the suit (deck.no_suit)
  }
  // Whether a card follows is as random as the deal: the rest of this uses
  // masks (and tests the predictable conditions first) rather than branch on
  // it. A card of no suit may always be played: it shows nothing.
  const bool off_suit = (suit != led_suit_) & (suit != kNoSuitSlot);
  // Everyone now knows this seat holds no card of the suit led. On the first
  // trick too: the cards barred from it (play.not_on_first_trick) narrow only
  // what following suit allows and never override it (legal_play.cc), so a
  // seat that did not follow there had no card of the suit either.
  bool shows_out = off_suit & rules_.play.follow_compulsory;
  CardSet shown_void_in = view.suit_mask[size_t(led_suit_)];
  if (rules_.play.follow_or_trump | rules_.play.any_follow_exempt) [[unlikely]] {
    // A trump played under follow_suit_or_trump may have been a choice; an
    // exempt card (play.follow_exempt, the highest trump) may still be held.
    // Off the common path: the 52-card games pay one test for them.
    shows_out &= !(rules_.play.follow_or_trump && view.trumps.contains(card));
    shown_void_in &= ~view.follow_exempt;
  }
  const uint64_t if_shown_out = 0 - uint64_t(shows_out);
  not_held_[size_t(seat)] |= shown_void_in & CardSet(if_shown_out, if_shown_out);
  if (trump_suit_ < 0 && rules_.play.trump_method == TrumpMethod::FirstDiscard && off_suit) {
    // 1.6 M2-style: the first card played that does not follow fixes trump, and counts itself.
    trump_suit_ = suit;
    trump_from_position_ = trick_size_;
    if (sink_) sink_->trump_set(suit, seat);
  }
  transfer(CardSet::of(card), hand_place(seat), kTrickPlace);  // face down when it plays so
  must_trump_seat_ = -1;
  // play.dummy: laid face up once the opening lead is made.
  if (tricks_played_ == 0 && trick_size_ == 1 && rules_.play.dummy.seat != SeatRef::Count &&
      rules_.play.dummy.after_opening_lead) [[unlikely]]
    lay_down_dummy();
  if (card_played_hook_ && rules_.hooks[size_t(HookPoint::CardPlayed)].wants(card, called_card_)) {
    HookArgs args;
    args.seat = seat;
    args.card = card;
    in_card_played_ = true;
    const bool ok = run_event_moving_cards(HookPoint::CardPlayed, args, "card_played");
    in_card_played_ = false;
    if (!ok) return false;
    if (end_requested_) return end_deal_now();
    if (asked_seat_ >= 0) [[unlikely]] {  // a question about this card: the trick waits for its answer
      card_question_seat_ = int8_t(seat);
      update_legal();
      return true;
    }
  }
  return continue_after_card(seat);
}

bool GameState::continue_after_card(int seat) {
  if (trick_size_ == active_seats_) {
    if (!finish_trick()) return false;
    if (phase_ == Phase::DealOver) return error_.empty();
    if (asked_seat_ >= 0) {  // a trick_done hook asks a seat before the next lead
      update_legal();
      return true;
    }
  } else {
    to_move_ = next_seat(seat);
  }
  return prepare_turn();
}

// The card winning the trick so far (generic rule, conventions 0.3): the best
// trump, else the best card of the led suit; of equal cards the first played.
// A trump counts as trump if trump was known when it was played, or it
// followed the led suit, or the ruleset makes the reveal trick retroactive.
// Each card gets a rank key (a trump that counts above a card of the led suit,
// either above the rest, then its strength) and the highest key wins: which
// card beats which is as random as the deal, and a maximum of keys compiles to
// selects, not to branches a CPU would mispredict.
GameState::TrickBest GameState::trick_best() const {
  const TrumpView& v = trump_view();
  const int from = rules_.play.retroactive_in_reveal_trick ? 0 : trump_from_position_;
  auto key = [&](int p) {
    const Card c = trick_card_[size_t(p)];
    const int follows = (v.suit[c] == led_suit_) | (p == 0);  // the lead stands until beaten
    const int trump = int(v.trumps.contains(c)) & ((p >= from) | follows);
    return trump << 9 | follows << 8 | v.strength[c];
  };
  // Equal keys are copies of one card (deck.copies): play.equal_cards says
  // whether the later one beats the earlier (k >= best) or not (k > best).
  const int tie = rules_.play.last_equal_card_wins;
  int position = 0, best = key(0);
  for (int p = 1; p < trick_size_; ++p) {
    const int k = key(p);
    const bool beats = k + tie > best;
    position = beats ? p : position;
    best = beats ? k : best;
  }
  return {position, (best >> 9) != 0, best & 0xFF};
}

int GameState::winner_of_trick() const { return trick_seat_[size_t(trick_best().position)]; }

int GameState::trick_winner_so_far() const {
  return trick_size_ == 0 ? kNoSeat : winner_of_trick();
}

bool GameState::finish_trick() {
  const int winner = winner_of_trick();
  ++tricks_won_[size_t(winner)];
  ++tricks_played_;
  last_trick_winner_ = winner;
  if (sink_) sink_->trick_done(tricks_played_, winner, trick());
  // The deal's record of tricks (game.past_trick, last_trick). Copied card by
  // card: the trick's arrays were just written a byte at a time, and reading
  // them back whole would stall on store forwarding.
  const bool record = tricks_played_ <= kMaxCards / 2;
  const int at = record ? trick_start_[size_t(tricks_played_ - 1)] : kMaxCards;
  const int recorded = std::min(trick_size_, kMaxCards - at);  // 0 when not recorded
  CardSet cards;
  for (int p = 0; p < trick_size_; ++p) {
    const Card card = trick_card_[size_t(p)];
    cards.add(card);
    if (p < recorded) played_card_[size_t(at + p)] = card, played_seat_[size_t(at + p)] = trick_seat_[size_t(p)];
  }
  if (record) {
    trick_winner_[size_t(tricks_played_ - 1)] = int8_t(winner);
    trick_start_[size_t(tricks_played_)] = uint8_t(at + recorded);
  }
  transfer(cards, kTrickPlace, won_place(winner));  // complete: every card is turned up
  led_suit_ = -1;
  trump_from_position_ = 0;
  leader_ = winner;
  to_move_ = winner;
  // melds.at first_card: declared during the first trick, compared after it.
  if (tricks_played_ == 1 && rules_.melds.at_first_card) [[unlikely]] {
    melds_due_ = 0;
    settle_melds();
  }
  // A declaration fails at the first trick that breaks its promise: one the
  // other side wins (every trick), or one the declarer's side wins (none).
  if (declared_ && rules_.declaration.end_on_failure &&
      same_side(winner, bidder_) ==
          (rules_.declaration.goal == DeclarationGoal::NoTricks))
    return end_deal_now();
  CardSet left;
  for (int s = 0; s < rules_.seats; ++s) left |= hand_[size_t(s)] | hidden_[size_t(s)];
  // Discards (take_turn_up) and cards a hook buried (game.move to face_down, a
  // kitty's) stay face down to the end: the play is over when only they are left.
  const int kept = discarded_ + std::max(0, hook_face_down_);
  // With no card kept face down (most deals) whether any card is left is
  // enough: a test of the hands' mask instead of a bit count every trick.
  cards_left_ = kept == 0 ? !left.empty() : left.size() > kept;
  if (trick_done_hook_ && rules_.hooks[size_t(HookPoint::TrickDone)].wants_any(cards, called_card_)) {
    HookArgs args;
    args.seat = winner;
    if (!run_event_moving_cards(HookPoint::TrickDone, args, "trick_done")) return false;
    if (end_requested_) return end_deal_now();
  }
  if (!cards_left_) {
    score_deal();
    return error_.empty();
  }
  return true;
}

// The deal stops before the cards run out: what is left is set aside unplayed.
bool GameState::end_deal_now() {
  if (rules_.family == Family::Fishing) {
    asked_seat_ = -1;
    return stop_fishing_deal();
  }
  if (rules_.melds.at_first_card && tricks_played_ == 0) {  // declared in a first trick cut short
    melds_due_ = 0;
    settle_melds();
  }
  if (trick_size_ > 0) transfer(trick_cards(), kTrickPlace, kOutPlace);  // a trick cut short is not won by anyone
  for (int s = 0; s < rules_.seats; ++s) set_aside_held(s);
  asked_seat_ = -1;
  result_.ended_early = true;
  score_deal();
  return error_.empty();
}

}  // namespace hukum
