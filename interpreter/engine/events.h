// What happens in a deal, as events for logs, terminals and observers. The
// engine calls the sink only when one is attached, so simulations pay nothing.
// `visible_to` says who may see an event: kEveryone, or one seat.
#pragma once

#include <string>
#include <vector>

#include "core/card.h"
#include "engine/zones.h"
#include "engine/action.h"

namespace hukum {

constexpr int kEveryone = -1;

// A declared meld (deal step `melds`): which rule of the ruleset's `melds` it
// is, the cards shown and its points for the declarer's team.
struct Meld {
  enum class Kind : uint8_t { Sequence, Set, Group, Named };
  int8_t seat = -1;
  Kind kind = Kind::Sequence;
  uint8_t rule = 0;  // index into melds.sets, melds.groups or melds.named
  CardSet cards;
  int value = 0;
  bool operator==(const Meld&) const = default;
};

struct DealResult {
  int winner_team = -1;          // -1 for a draw (or a win of several teams: winner_teams)
  // A bit per team when a side of several teams won (game.set_result({side = n}):
  // the defenders of a called-card game); winner_team is then -1. 0 otherwise.
  uint32_t winner_teams = 0;
  std::string name;              // "normal", or a named result; "draw"
  std::vector<int> points;       // per team: card points (with last-trick bonus)
  std::vector<int> tricks;       // per team
  std::vector<int> game_points;  // per team, this deal
  int next_dealer = 0;
  int bidder = -1;               // with an auction: its winner
  int contract = 0;              // with an auction: the final contract
  bool declared = false;         // the bidder made the declaration
  bool ended_early = false;      // the deal stopped before the cards ran out
  bool adjusted_by_hooks = false;  // a hook added or set game points (add_score, set_game_points)
  std::vector<int> melds;           // per team: points of declared melds (included in points); empty without
  std::vector<int> bonus;           // fishing, per team: bonus transfers (they sum to zero)
  std::vector<bool> threshold_met;  // fishing, per team: the deal's points reach the threshold
  std::vector<int> sweeps;          // fishing with sweeps, per team: captures that emptied the layout
  std::vector<int> majority;        // fishing with majorities, per team: points of the categories won
  std::vector<int> majority_winner;  // per category of fishing.majorities: the team that won it, -1 for none
  std::vector<int> combinations;     // fishing with combinations, per team: their points (included in game points)
  bool operator==(const DealResult&) const = default;
  bool won_by(int team) const { return winner_team == team || (team >= 0 && ((winner_teams >> team) & 1u)); }
  bool drawn() const { return winner_team < 0 && winner_teams == 0; }
};

// A round of calls after the auction (deal steps `raise`, `declare`).
enum class CallRound : uint8_t { Raise, Declaration };

class EventSink {
 public:
  virtual ~EventSink() = default;
  virtual void deal_started(int deal_index, int dealer) = 0;
  virtual void cards_dealt(int seat, CardSet cards) = 0;  // seen by that seat only
  virtual void trump_card_shown(Card card) = 0;  // the random trump card, returned afterwards
  virtual void action(int seat, const Action& action) = 0;
  // An action whose card only `seat` may see for now: a card laid aside face
  // down, a simultaneous choice, a card played face down. By default reported like any action; a sink that
  // shows or records what each seat sees marks it as private.
  virtual void hidden_action(int seat, const Action& a) { action(seat, a); }
  virtual void trump_set(int suit, int seat) = 0;  // seat whose play or action set it
  // A named trump structure (play.trump_orders) chosen for the deal, by index.
  virtual void trump_order_set(int /*order*/, int /*seat*/) {}
  virtual void cards_revealed(int seat, CardSet cards) = 0;
  // A hook laid cards of `seat`'s hand face up for everyone (game.show).
  virtual void cards_shown(int seat, CardSet cards) { cards_revealed(seat, cards); }
  // From now on `by` decides `seat`'s actions (game.set_controller); public.
  virtual void controller_set(int /*seat*/, int /*by*/) {}
  // The sides of the deal changed (teams.deal_sides, game.set_sides); public.
  // `side_of` holds one side number per seat.
  virtual void sides_set(const std::vector<int>& /*side_of*/) {}
  // Sides a hook set secretly (game.set_sides(sides, {known_to = ...})): seen
  // by the seats of `known_to` (a bit per seat) only; the others keep the sides
  // in force before. A sink that shows or records what each seat sees marks it.
  virtual void secret_sides_set(const std::vector<int>& /*side_of*/, uint32_t /*known_to*/) {}
  virtual void trick_done(int number, int winner, const std::vector<std::pair<int, Card>>& cards) = 0;
  virtual void deal_scored(const DealResult& result) = 0;
  // Fishing (public, default: ignored). `by` is kNoCard when no card captured:
  // the dealer's special four of a kind.
  virtual void layout_dealt(CardSet /*layout*/) {}
  virtual void redealt(const std::string& /*reason*/) {}  // thrown in (a layout that cannot be played, game.redeal): all reshuffled
  virtual void card_flipped(int /*seat*/, Card /*card*/) {}
  virtual void laid_out(int /*seat*/, Card /*card*/) {}   // the card joins the layout
  virtual void cards_captured(int /*seat*/, Card /*by*/, CardSet /*taken*/) {}
  virtual void swept(int /*seat*/) {}
  virtual void layout_grouped(CardSet /*cards*/) {}
  // fishing.builds: `seat` built `cards` (the played card among them) for `value`.
  virtual void built(int /*seat*/, int /*value*/, CardSet /*cards*/) {}  // game.group: these layout cards go together  // the capture just reported emptied the layout (fishing.sweeps)
  // fishing.leftover: at the end of the deal `seat` takes the cards left on the layout.
  virtual void layout_taken(int seat, CardSet cards) { cards_captured(seat, kNoCard, cards); }
  // A card turned face up on the table (turn_up step; seat kNoSeat), or the
  // card `seat` swapped for the one lying there (exchange step): public.
  virtual void turned_up(Card /*card*/, int /*seat*/) {}
  // `seat` declares melds: shown to everyone.
  virtual void melds_declared(int /*seat*/, const std::vector<Meld>& /*melds*/) {}
  // melds.score best_team: the best meld declared; only its side's melds score.
  virtual void best_meld(const Meld& /*meld*/) {}
  // A round of calls begins, on the contract `contract` won by `bidder`:
  // public. A person reading "W: pass" must know what W declined.
  virtual void call_round(CallRound /*round*/, int /*bidder*/, int /*contract*/) {}
  // A choose step with `then: pass`: `from`'s chosen cards go to `to` (seen by both).
  virtual void cards_passed(int /*from*/, int /*to*/, CardSet /*cards*/) {}
  // A hook moved a card between zones (game.move). Seen as its zones allow:
  // a card leaving or entering a hand is the owner's to see.
  virtual void card_moved(Card /*card*/, Place /*from*/, Place /*to*/) {}
  // Every move of cards between zones, the engine's and the hooks' alike
  // (GameState::transfer, engine/transfer.h). Who saw which cards they were
  // follows from the two zones, but for `seen`.
  virtual void cards_moved(CardSet /*cards*/, Place /*from*/, Place /*to*/, MoveSeen /*seen*/) {}
};

}  // namespace hukum
