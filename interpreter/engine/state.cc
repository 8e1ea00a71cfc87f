// GameState construction, read-outs, and the effects hooks may ask for
// (HookContext). Each effect checks its arguments and the phase before it
// changes anything, and reports to the event sink what the table sees.
#include <bit>
#include <cstring>

#include "engine/state.h"
#include "engine/transfer.h"

#include <algorithm>

namespace hukum {

GameState::GameState(const Ruleset& rules, HookRunner* hooks)
    : rules_(rules),
      card_points_(rules),
      hooks_(hooks),
      turn_hooks_(rules.hooks[size_t(HookPoint::CannotFollow)].bound() ||
                  rules.hooks[size_t(HookPoint::CannotPlay)].bound()),
      legal_filter_hook_(rules.hooks[size_t(HookPoint::LegalFilter)].bound()),
      card_played_hook_(rules.hooks[size_t(HookPoint::CardPlayed)].bound()),
      trick_done_hook_(rules.hooks[size_t(HookPoint::TrickDone)].bound()),
      captured_hook_(rules.hooks[size_t(HookPoint::Captured)].bound()),
      refilled_hook_(rules.hooks[size_t(HookPoint::Refilled)].bound()),
      capture_rule_hook_(rules.hooks[size_t(HookPoint::CaptureRule)].bound()),
      combination_hook_(rules.hooks[size_t(HookPoint::CombinationScored)].bound()),
      plain_play_(rules.play.obligations.size() == 1 && rules.play.obligations[0] == PlayFilter::FollowSuit &&
                  rules.play.follow_exempt == TrickRules::FollowExempt::None &&
                  rules.play.lead_restrictions.empty() && !rules.play.first_lead_card_led &&
                  rules.play.not_on_first_trick.empty() && rules.deck.no_suit.empty() && !rules.play.called_card &&
                  !rules.fishing.builds),  // a build's owner may not play every card
      quick_tricks_(plain_play_ && rules.family == Family::TrickTaking && !card_played_hook_ && !legal_filter_hook_ &&
                    !rules.play.follow_or_trump && !rules.play.any_follow_exempt &&
                    rules.play.face_down != TrickRules::FaceDown::Trump &&
                    !(rules.play.dummy.seat != SeatRef::Count && rules.play.dummy.after_opening_lead)),
      narrow_deck_(rules.deck.cards.size() <= 64) {
  for (int s = 0; s < kMaxSeats; ++s) controller_[size_t(s)] = int8_t(s);
  for (int s = 0; s < kMaxSeats; ++s) side_of_[size_t(s)] = int8_t(rules.team_of[size_t(s)]);
}

CardSet GameState::stock() const {
  CardSet s;
  for (int i = stock_top_; i < stock_size_; ++i) s.add(stock_[size_t(i)]);
  return s;
}

CardSet GameState::trick_cards() const {
  CardSet s;
  for (int p = 0; p < trick_size_; ++p) s.add(trick_card_[size_t(p)]);
  return s;
}

std::vector<std::pair<int, Card>> GameState::trick() const {
  std::vector<std::pair<int, Card>> out;
  out.reserve(size_t(trick_size_));  // one allocation
  for (int p = 0; p < trick_size_; ++p) out.emplace_back(trick_seat_[size_t(p)], trick_card_[size_t(p)]);
  return out;
}

std::vector<std::pair<int, Card>> GameState::past_trick(int number) const {
  std::vector<std::pair<int, Card>> out;
  if (number < 1 || number > tricks_played_ || number > kMaxCards / 2) return out;
  out.reserve(size_t(trick_start_[size_t(number)] - trick_start_[size_t(number - 1)]));  // one allocation
  for (int at = trick_start_[size_t(number - 1)]; at < trick_start_[size_t(number)]; ++at)
    out.emplace_back(played_seat_[size_t(at)], played_card_[size_t(at)]);
  return out;
}

std::vector<std::pair<int, Card>> GameState::last_trick() const { return past_trick(tricks_played_); }

// As trick(), last_trick() and past_trick(), read straight into the caller's array.
int GameState::trick_plays(int number, std::pair<int, Card>* out) const {
  int n = 0;
  if (number == 0) {
    for (int p = 0; p < trick_size_ && n < kMaxSeats; ++p) out[n++] = {trick_seat_[size_t(p)], trick_card_[size_t(p)]};
    return n;
  }
  if (number < 0) number = tricks_played_;  // the last completed trick (none: 0, refused below)
  if (number < 1 || number > tricks_played_ || number > kMaxCards / 2) return 0;
  for (int at = trick_start_[size_t(number - 1)]; at < trick_start_[size_t(number)] && n < kMaxSeats; ++at)
    out[n++] = {played_seat_[size_t(at)], played_card_[size_t(at)]};
  return n;
}

int GameState::trick_of(Card card, int* seat) const {
  const int tricks = std::min(tricks_played_, kMaxCards / 2);
  const int end = trick_start_[size_t(tricks)];
  // The cards are bytes: memchr finds one without a branch per card.
  static_assert(sizeof(Card) == 1);
  const void* found = std::memchr(played_card_.data(), card, size_t(end));
  if (found == nullptr) return 0;
  const int at = int(static_cast<const Card*>(found) - played_card_.data());
  int n = 1;
  while (n < tricks && trick_start_[size_t(n)] <= at) ++n;
  *seat = played_seat_[size_t(at)];
  return n;
}

int GameState::trick_winner(int number) const {
  if (number < 1 || number > tricks_played_ || number > kMaxCards / 2) return kNoSeat;
  // A position's earlier tricks read as empty: who won them is not known.
  if (trick_start_[size_t(number - 1)] == trick_start_[size_t(number)]) return kNoSeat;
  return trick_winner_[size_t(number - 1)];
}

int GameState::tricks_won(int team) const {
  int n = 0;
  for (int s = 0; s < rules_.seats; ++s)
    if (rules_.team_of[size_t(s)] == team) n += tricks_won_[size_t(s)];
  return n;
}

int GameState::points_won(int team) const {
  int n = 0;
  for (int s = 0; s < rules_.seats; ++s)
    if (rules_.team_of[size_t(s)] == team) n += points_won_by(s);
  return n;
}

// A seat's card points, with the last-trick bonus (as score_deal counts it)
// once it has taken the last trick.
int GameState::points_won_by(int seat) const {
  int n = card_points_.of(captured_[size_t(seat)], trump_suit_);
  bool hands_empty = true;
  for (int s = 0; s < rules_.seats; ++s) hands_empty = hands_empty && hand_of(s).empty();
  if (last_trick_winner_ == seat && (phase_ == Phase::DealOver || hands_empty)) n += rules_.play.last_trick_bonus;
  return n;
}

std::string GameState::set_trump(int suit) {
  if (suit < 0 || suit >= int(rules_.deck.suits.size())) return "no such suit";
  if (trump_suit_ >= 0 || trump_order_ >= 0) return "trump is already set for this deal";
  if (phase_ == Phase::DealOver && !in_step_done_) return "the deal is over";  // step_done runs in the plan
  trump_suit_ = suit;
  // Fixed during a trick: the cards already played are judged by the ruleset's
  // retroactive_in_reveal_trick (see trick_best).
  trump_from_position_ = trick_size_;
  if (sink_) sink_->trump_set(suit, phase_ == Phase::Play ? to_move_ : kNoSeat);
  return {};
}

// A contract's trump structure (play.trump_orders), chosen once per deal like
// the trump suit, and from the same moments.
std::string GameState::set_trump_order(int order) {
  if (order < 0 || order >= int(rules_.play.trump_orders.size())) return "no such trump order";
  if (trump_suit_ >= 0 || trump_order_ >= 0) return "trump is already set for this deal";
  if (phase_ == Phase::DealOver && !in_step_done_) return "the deal is over";
  if (phase_ == Phase::Play && trick_size_ > 0) return "a trump order is chosen before a trick, not during one";
  const TrumpOrder& chosen = rules_.play.trump_orders[size_t(order)];
  trump_order_ = order;
  trump_suit_ = chosen.suit;
  trump_from_position_ = 0;
  if (sink_) {
    sink_->trump_order_set(order, phase_ == Phase::Play ? to_move_ : kNoSeat);
    if (chosen.suit >= 0) sink_->trump_set(chosen.suit, phase_ == Phase::Play ? to_move_ : kNoSeat);
  }
  return {};
}

std::string GameState::reveal_hidden(int seat, CardSet* revealed) {
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  if (hidden_[size_t(seat)].empty()) return "seat has no hidden card";
  CardSet cards = hidden_[size_t(seat)];
  revealed_ |= cards;
  if (revealed) *revealed = cards;
  if (sink_) sink_->cards_revealed(seat, cards);
  transfer(cards, face_down_place(seat), hand_place(seat));
  return {};
}

std::string GameState::offer(const std::string& action, bool exclusive) {
  if (phase_ != Phase::Play) return "actions can only be offered during play";
  auto it = std::find(rules_.action_words.begin(), rules_.action_words.end(), action);
  if (it == rules_.action_words.end())
    return "'" + action + "' is not an action of this ruleset (hooks.actions)";
  uint8_t word = uint8_t(it - rules_.action_words.begin());
  if (std::find(offers_.begin(), offers_.end(), word) == offers_.end()) offers_.push_back(word);
  offers_exclusive_ = offers_exclusive_ || exclusive;
  return {};
}

std::string GameState::require_trump(int seat) {
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  if (phase_ != Phase::Play || seat != to_move_) return "only the seat to play can be required to trump";
  must_trump_seat_ = seat;
  return {};
}

// The closed trump turned up by an action word with no Lua ({effect:
// turn_up_hidden}): a seat's card laid face down (a set_aside step) goes back
// face up into its owner's hand, whoever asked, and its suit is trump from this
// instant unless one is set; the asker may be made to trump (must_trump).
std::string GameState::turn_up_hidden(bool must_trump) {
  const int asker = to_move_;
  bool any = false;
  for (int seat = 0; seat < rules_.seats; ++seat) {
    if (hidden_[size_t(seat)].empty()) continue;
    CardSet cards;
    if (std::string e = reveal_hidden(seat, &cards); !e.empty()) return e;
    if (!any && trump_suit_ < 0 && trump_order_ < 0)
      if (std::string e = set_trump(rules_.deck.cards[cards.first()].suit); !e.empty()) return e;
    any = true;
  }
  if (!any) return "there is no face-down card to turn up";
  return must_trump ? require_trump(asker) : std::string();
}

std::string GameState::forbid(CardSet cards) {
  if (!filtering_) return "cards can only be forbidden in legal_filter";
  const CardSet left = legal_.cards & ~cards;
  if (left.empty() && legal_.words.empty())
    return "forbidding " + std::to_string((legal_.cards & cards).size()) +
           " card(s) would leave " + rules_.seat_names[size_t(to_move_)] + " no legal play";
  legal_.cards = left;
  return {};
}

std::string GameState::set_leader(int seat) {
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  if (phase_ != Phase::Play || trick_size_ != 0) return "the leader can only be set before a lead";
  if (!cards_left_) return "no trick follows the last one";
  if (sits_out(seat)) return "that seat sits out this deal";
  leader_ = seat;
  if (asked_seat_ < 0) to_move_ = seat;
  return {};
}

// The suit the others must follow, named while the lead is alone on the
// trick (the card_played hook of the lead, or the answer to its question).
std::string GameState::set_led_suit(int suit) {
  if (suit < 0 || suit >= int(rules_.deck.suits.size())) return "no such suit";
  if (phase_ != Phase::Play || trick_size_ != 1 || rules_.family == Family::Fishing)
    return "the led suit can only be named while the lead is the trick's only card";
  led_suit_ = suit;
  return {};
}

// Before the play (a step_done hook) or before any lead: a direction rule by
// deal or by what a hook saw (a game that reverses play after a given card).
std::string GameState::set_direction(int step) {
  if (step != 1 && step != -1) return "the direction is clockwise or counterclockwise";
  const bool before_play = in_step_done_ || (phase_ == Phase::Play && trick_size_ == 0 && cards_left_);
  if (!before_play) return "the direction can only be set after a deal step or before a lead";
  step_ = step;
  compute_next_table();
  return {};
}

// What an auction would have decided, decided by a hook before the play: a
// contract dealt by rule (a fixed contract per deal, a bid made by a hook's
// question). Scored like an auction's (result.contract, game.contract).
std::string GameState::set_contract(int seat, int value) {
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  if (value < 0 || value > 10000) return "the contract must be from 0 to 10000";
  if (!in_step_done_ && !(phase_ == Phase::Play && tricks_played_ == 0 && trick_size_ == 0))
    return "the contract can only be set after a deal step or before the first lead";
  set_bidder(seat);
  contract_ = value;
  return {};
}

std::string GameState::add_score(int team, int points) {
  if (team < 0 || team >= rules_.teams) return "no such team";
  // Each call is bounded by the binding; the running total is checked here, so
  // thousands of calls give an error instead of a wrapped (undefined) int.
  const int64_t total = int64_t(extra_score_[size_t(team)]) + points;
  if (total < -kMaxHookScore || total > kMaxHookScore)
    return "the points added to team " + rules_.team_names[size_t(team)] + " this deal would pass " +
           std::to_string(kMaxHookScore) + " (or -" + std::to_string(kMaxHookScore) + ")";
  extra_score_[size_t(team)] = int(total);
  return {};
}


std::string GameState::ask(int seat, const std::vector<std::string>& words) {
  if (auto why = may_ask(seat); !why.empty()) return why;
  if (words.empty()) return "ask needs at least one action word";
  std::vector<uint8_t> asked;
  for (const auto& w : words) {
    auto it = std::find(rules_.action_words.begin(), rules_.action_words.end(), w);
    if (it == rules_.action_words.end() || int(it - rules_.action_words.begin()) == rules_.declaration_word)
      return "'" + w + "' is not an action of this ruleset (hooks.actions)";
    asked.push_back(uint8_t(it - rules_.action_words.begin()));
  }
  // Asked again in the same hook, the seat gets these words besides what it was
  // asked before ("pass" besides "say 18", "say 20"); another seat is a new question.
  if (adds_to_question(seat)) {
    for (uint8_t w : asked)
      if (std::find(offers_.begin(), offers_.end(), w) == offers_.end()) offers_.push_back(w);
  } else {
    offers_ = asked;
    number_offers_.clear();
    ask_cards_ = CardSet();
  }
  asked_seat_ = seat;
  to_move_ = seat;
  offers_exclusive_ = true;
  return {};
}

std::string GameState::end_deal() {
  if (phase_ != Phase::Play) return "the deal can only be ended during the play";
  if (rules_.family == Family::Fishing && !in_turn_end_)
    return "a fishing deal can only be ended at the end of a turn (combination_scored, or the answer to its question)";
  end_requested_ = true;
  return {};
}

std::string GameState::end_match(int winner_team) {
  if (!in_match_over_) return "the match can only be ended in match_over";
  if (winner_team < -1 || winner_team >= rules_.teams) return "no such team";
  match_end_asked_ = true;
  match_winner_asked_ = winner_team;
  return {};
}

std::string GameState::run_match_over(bool* ended, int* winner) {
  in_match_over_ = true, match_end_asked_ = false, match_winner_asked_ = -1;
  const bool ok = run_event(HookPoint::MatchOver, HookArgs{});
  in_match_over_ = false;
  *ended = ok && match_end_asked_;
  *winner = match_winner_asked_;
  return ok ? std::string() : error_;
}

std::string GameState::set_result(int winner_team, const std::string& name) {
  if (!scoring_) return "the result can only be set in deal_scored";
  if (winner_team < -1 || winner_team >= rules_.teams) return "no such team";
  if (name.empty()) return "a result needs a name";
  // Only a name the ruleset's files hold: merge and report can then tell a
  // result file's names from tampered ones (ruleset/result_names.h).
  if (!std::binary_search(rules_.result_names.begin(), rules_.result_names.end(), name))
    return "result name '" + name + "' is not one of the ruleset's results (a name of result:, a word of its data "
           "or a string written in its Lua files)";
  result_.winner_team = winner_team;
  result_.winner_teams = 0;
  result_.name = name;
  return {};
}

// The deal won by one side of this deal's true sides: every team with a seat
// on it wins (one team: it alone, as set_result would say).
std::string GameState::set_result_side(int side, const std::string& name) {
  uint32_t teams = 0;
  for (int s = 0; s < rules_.seats; ++s)
    if (side_of_[size_t(s)] == side) teams |= 1u << rules_.team_of[size_t(s)];
  if (teams == 0) return "no seat is on side " + std::to_string(side);
  if (std::popcount(teams) == 1) return set_result(std::countr_zero(teams), name);
  std::string why = set_result(-1, name);
  if (why.empty()) result_.winner_teams = teams;
  return why;
}

std::string GameState::set_game_points(int team, int points) {
  if (!scoring_) return "game points can only be set in deal_scored";
  if (team < 0 || team >= rules_.teams) return "no such team";
  result_.game_points[size_t(team)] = points;
  result_.adjusted_by_hooks = true;
  return {};
}

}  // namespace hukum
