// What a Lua hook may see and change: the engine implements this interface and
// the Lua bindings (script/bindings.cc) call only it. Hooks are the referee's
// code, so they see every card; what they may *change* is exactly the effect
// methods below, each checked here before it touches the state.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/card.h"
#include "engine/events.h"
#include "engine/hook_vars.h"
#include "engine/vars.h"
#include "engine/zones.h"
#include "ruleset/ruleset.h"

namespace hukum {

// A build on a fishing layout (fishing.builds): cards laid together for a
// value, owned by the seat that made or last raised it; taken only whole.
struct LayoutBuild {
  CardSet cards;
  int8_t owner = -1;
  int8_t value = 0;
  bool operator==(const LayoutBuild&) const = default;
};

class HookContext {
 public:
  virtual ~HookContext() = default;
  virtual const Ruleset& ruleset() const = 0;

  // Reading the state.
  virtual int seat_to_play() const = 0;         // kNoSeat outside a turn
  virtual int dealer() const = 0;
  virtual CardSet hand(int seat) const = 0;
  virtual CardSet hidden(int seat) const = 0;   // cards laid aside face down
  virtual int trump_suit() const = 0;           // -1 while no trump is set
  virtual int led_suit() const = 0;             // -1 when no card is led yet
  virtual std::vector<std::pair<int, Card>> trick() const = 0;  // (seat, card) in play order
  virtual int tricks_played() const = 0;
  virtual int tricks_won(int team) const = 0;
  virtual int points_won(int team) const = 0;
  virtual int points_won_by(int /*seat*/) const { return 0; }  // one seat's share of points_won
  // The points `card` scores while the current trump holds (card_points, trump_card_points).
  virtual int card_points(Card card) const { return ruleset().points_of(card, trump_suit()); }
  virtual int bidder() const = 0;        // kNoSeat without an auction winner
  virtual int contract() const = 0;      // the bid after any raise; 0 without one
  virtual bool declared() const = 0;     // the bidder made the ruleset's declaration
  virtual int deal_number() const = 0;   // 0-based, within the match
  virtual int seat_after(int seat) const = 0;  // the next seat in play order (skips seats sitting out)
  // The game points of the contract's band: {win, lose}; {0, 0} without one.
  virtual std::pair<int, int> contract_band() const = 0;
  // During deal_scored: the result so far (winner team or -1, name, game points).
  virtual const DealResult* result_so_far() const = 0;
  virtual CardSet captured(int seat) const = 0;      // cards the seat has won (tricks or captures)
  virtual CardSet chosen(int seat) const = 0;        // the seat's cards of the deal's last choose step
  virtual int tricks_won_by(int seat) const = 0;
  virtual std::vector<std::pair<int, Card>> previous_trick() const = 0;  // the last completed trick
  // Completed trick `number` of this deal (1 = the first), empty when there is none.
  virtual std::vector<std::pair<int, Card>> past_trick(int /*number*/) const { return {}; }
  // The plays of the trick in progress (number 0), of the last completed one
  // (-1) or of completed trick `number`, copied into `out` (room for kMaxSeats
  // plays); how many. The Lua bindings read tricks this way, so a hook's
  // game.trick() allocates no list in C++. By default, from the lists above.
  virtual int trick_plays(int number, std::pair<int, Card>* out) const {
    const auto plays = number == 0 ? trick() : number < 0 ? previous_trick() : past_trick(number);
    int n = 0;
    for (const auto& play : plays)
      if (n < kMaxSeats) out[n++] = play;
    return n;
  }
  virtual CardSet legal_cards() const = 0;           // the cards the seat to move may play now
  virtual int match_score(int team) const = 0;       // the team's match total before this deal (in match_over: after it)
  virtual int bid_of(int seat) const = 0;            // a `bids` step's bid of the seat, -1 before it bids
  virtual Card turn_up() const = 0;                   // the card lying face up (turn_up step), or kNoCard
  virtual const std::vector<Meld>& melds() const = 0;  // melds declared in this deal
  virtual int meld_points(int team) const = 0;       // points of the team's declared melds
  // The seat that decides `seat`'s actions this deal (itself unless a hook
  // gave its hand to another: a dummy played by declarer).
  virtual int controller(int seat) const { return seat; }
  // The side `seat` plays on in this deal (its team unless the ruleset or a
  // hook decided the sides of the deal: teams.deal_sides, game.set_sides).
  virtual int side_of(int seat) const { return ruleset().team_of[size_t(seat)]; }
  // The calls of this deal's auction of calls (deal step `calls`), in order.
  virtual const std::vector<SaidCall>* calls_said() const { return nullptr; }
  // The contract's call (an index in the ruleset's action words, -1: none)
  // and its doubling (0, 1 doubled, 2 redoubled).
  virtual int contract_word() const { return -1; }
  virtual int contract_doubled() const { return 0; }
  // Fishing: the face-up layout, and the sweeps (captures that emptied it) a
  // seat has made in this deal. Defaults for contexts without a layout.
  virtual CardSet layout() const { return CardSet(); }
  // The layout's cards in the order they arrived (the first laid first), into
  // `out` (room for kMaxCards); their count. By default, in deck order.
  virtual int layout_in_order(Card* out) const {
    int n = 0;
    for (Card c : layout()) out[n++] = c;
    return n;
  }
  virtual int sweeps(int /*seat*/) const { return 0; }
  // The builds on the layout (fishing.builds), into `out` (room for
  // `capacity`); their count. None by default.
  virtual int layout_builds(LayoutBuild* /*out*/, int /*capacity*/) const { return 0; }

  // The hooks' own state for this deal (game.vars), part of the game state.
  virtual const VarValue& vars() const = 0;
  // Equal stamps mean equal vars (a copied state keeps its stamp), so the Lua
  // side can reuse the table it built last time without comparing it.
  virtual uint64_t vars_stamp() const = 0;
  // Replaces the vars and gives them a new stamp (next_vars_stamp).
  virtual void set_vars(VarValue value) = 0;
  // The vars themselves, for a context that lets the script host keep them
  // pending in Lua between hooks (engine/hook_vars.h); nullptr: write back
  // after every hook with set_vars.
  virtual HookVars* lazy_vars() { return nullptr; }
  // The hooks' state for the whole match (game.match_vars): not reset between
  // deals, copied with the state. Contexts without a match have none.
  virtual const VarValue* match_vars() const { return nullptr; }
  virtual std::string set_match_vars(VarValue /*value*/) { return "there is no match here to keep game.match_vars in"; }

  // Effects. Each returns an empty string on success, or the reason it was
  // refused (the binding turns that into a Lua error naming the hook).
  virtual std::string set_trump(int suit) = 0;
  // Chooses a named trump structure of play.trump_orders for the deal (its suit,
  // if any, becomes the trump suit). Contexts without a deal refuse.
  virtual std::string set_trump_order(int /*order*/) { return "no deal to set a trump order in"; }
  virtual int trump_order() const { return -1; }  // the chosen order's index, -1: none
  // Moves every hidden card of `seat` into its hand, face up for everyone.
  virtual std::string reveal_hidden(int seat, CardSet* revealed) = 0;
  // Offers an extra action (e.g. "reveal") to the seat to play for this turn;
  // `exclusive` makes the offered actions the only legal ones.
  virtual std::string offer(const std::string& action, bool exclusive) = 0;
  // The seat must play a trump on this turn if it holds one.
  virtual std::string require_trump(int seat) = 0;
  // Adds game points to a team for this deal.
  virtual std::string add_score(int team, int points) = 0;
  // Between tricks: `seat` must choose one of `words` (action words of the
  // ruleset) before the next lead; the chosen word's action hook runs.
  virtual std::string ask(int seat, const std::vector<std::string>& words) = 0;
  // The same with a numeric answer: `seat` must choose one of `words` with a
  // whole number in low..high ("word n"); the word's action hook runs with it.
  // The same with a card for an answer: `seat` must choose one of `cards` (of
  // its hand), answered `choose <card>`; the word's action hook runs as f(seat, card).
  virtual std::string ask_card(int /*seat*/, const std::string& /*word*/, CardSet /*cards*/) {
    return "a card cannot be asked for in this context";
  }
  virtual std::string ask_number(int seat, const std::vector<std::string>& words, int low, int high) = 0;
  // The same with only these numbers allowed (a list of bids, a range by steps).
  virtual std::string ask_number_of(int /*seat*/, const std::vector<std::string>& /*words*/,
                                    const std::vector<int>& /*values*/) {
    return "questions with a list of numbers are not available here";
  }
  // In step_done only: the deal is thrown in; every card is shuffled and
  // dealt again from the first step (the log says why).
  virtual std::string redeal(const std::string& reason) = 0;
  // Ends the deal now: the cards not yet played are set aside unplayed.
  virtual std::string end_deal() = 0;
  // In match_over only: the match ends after this deal, won by `winner_team`
  // (-1: by the team ahead on the totals, or nobody when they are tied).
  virtual std::string end_match(int winner_team) = 0;
  // During deal_scored: sets the winner (team or -1), the result's name and a
  // team's game points for this deal.
  virtual std::string set_result(int winner_team, const std::string& name) = 0;
  // During deal_scored: the deal is won by side `side` of this deal's sides
  // (every team with a seat on it wins), with the result's name.
  virtual std::string set_result_side(int /*side*/, const std::string& /*name*/) { return "a side's result cannot be set in this context"; }
  virtual std::string set_game_points(int team, int points) = 0;
  // Inside legal_filter: removes cards from the legal plays of this turn. A
  // filter may not remove every legal card (the seat must have a move).
  virtual std::string forbid(CardSet cards) = 0;
  // Before a lead (before the first lead, or between tricks): `seat` leads next.
  virtual std::string set_leader(int seat) = 0;
  // While the lead is the trick's only card (a card_played hook, or the
  // answer to its question): the suit the others must follow (a card of no
  // suit, or a joker, led "as" a suit the leader names).
  virtual std::string set_led_suit(int /*suit*/) { return "the led suit cannot be set in this context"; }
  // Before the play or before a lead: the direction of play from now on
  // (+1 clockwise, -1 counterclockwise).
  virtual std::string set_direction(int /*step*/) { return "the direction cannot be set in this context"; }
  // Before the play (step_done, before_first_lead): `seat` is the bidder and
  // `value` the contract, as if an auction had ended there.
  virtual std::string set_contract(int /*seat*/, int /*value*/) { return "a contract cannot be set in this context"; }
  // Zones (engine/zones.h): where a card is (false: in no zone), and the one
  // move a hook may make: the card leaves whatever movable zone holds it for
  // `to` (step_done, before_first_lead and trick_done only).
  virtual bool place_of(Card /*card*/, Place* /*out*/) const { return false; }
  // The cards of a place (none by default): one question where asking
  // place_of card by card walks the deck (a kitty, a widow, a talon).
  virtual CardSet cards_at(Place /*place*/) const { return CardSet(); }
  // The completed trick of this deal `card` was played to (1 = the first),
  // with the seat that played it in `seat`; 0 when it is in none.
  virtual int trick_of(Card /*card*/, int* /*seat*/) const { return 0; }
  // The seat that won completed trick `number` (1 = the first), or kNoSeat
  // for a trick the deal's record does not hold (a scenario's earlier tricks).
  virtual int trick_winner(int /*number*/) const { return kNoSeat; }
  virtual std::string move_card(Card /*card*/, Place /*to*/) { return "cards cannot be moved in this context"; }
  virtual std::string move_cards(CardSet /*cards*/, Place /*to*/) { return "cards cannot be moved in this context"; }
  // Lays `cards` of `seat`'s hand face up: every seat sees them from now to
  // the end of the deal (a dummy, an open hand, cards shown to the table).
  virtual std::string show_cards(int /*seat*/, CardSet /*cards*/) { return "cards cannot be shown in this context"; }
  // From now to the end of the deal, seat `by` decides `seat`'s actions: its
  // player is asked, the action stays `seat`'s (`by` == `seat` gives it back).
  virtual std::string set_controller(int /*seat*/, int /*by*/) { return "a seat's controller cannot be set in this context"; }
  // The sides of this deal, each a list of seats (every seat on one side).
  // `known_to`, a bit per seat: the seats that know them; the others keep the
  // sides in force before until a hook sets public ones (kAllSeatsKnow: public).
  static constexpr uint32_t kAllSeatsKnow = ~0u;
  virtual std::string set_sides(const std::vector<std::vector<int>>& /*sides*/, uint32_t /*known_to*/ = kAllSeatsKnow) {
    return "sides cannot be set in this context";
  }
  // `seat` is publicly known not to hold `cards` (in hand or face down): a
  // rule of the game says so. Sampled worlds respect it.
  virtual std::string not_held(int /*seat*/, CardSet /*cards*/) { return "cards cannot be marked not held in this context"; }
  // game.call_card: `seat` calls `card` for this deal (play.called_card's
  // duties follow it); called_card(): the card called, kNoCard before.
  virtual std::string call_card(int /*seat*/, Card /*card*/) { return "a card cannot be called in this context"; }
  virtual Card called_card() const { return kNoCard; }
  // The deal's last trick is complete: no card is left to play (hook `when: last_trick`).
  virtual bool play_over() const { return false; }
  // game.meld: `seat` declares a meld of a kind listed in melds.named, shown
  // and scored like the melds the data finds.
  virtual std::string declare_meld(int /*seat*/, const std::string& /*name*/, CardSet /*cards*/, int /*value*/) {
    return "melds cannot be declared in this context";
  }
  // game.group: layout cards taken only together (fishing).
  virtual std::string group_layout(CardSet /*cards*/) { return "cards cannot be grouped in this context"; }
  // game.capture_sets, in capture_rule only (fishing): the arriving card may
  // take exactly one of `sets` (layout cards); none: it joins the layout.
  virtual std::string capture_sets(const std::vector<CardSet>& /*sets*/) {
    return "capture sets are given only in capture_rule";
  }
};

// Whether a hook's `when` condition holds now. The engine checks it before
// calling anything, and the Lua host again, so both agree by construction.
inline bool hook_condition_holds(HookWhen when, const HookContext& game) {
  switch (when) {
    case HookWhen::Always: return true;
    case HookWhen::TrumpUnset: return game.trump_suit() < 0;
    case HookWhen::TrumpSet: return game.trump_suit() >= 0;
    case HookWhen::HiddenCard:
      for (int s = 0; s < game.ruleset().seats; ++s)
        if (!game.hidden(s).empty()) return true;
      return false;
    case HookWhen::LastTrick: return game.play_over();
  }
  return true;
}

}  // namespace hukum
