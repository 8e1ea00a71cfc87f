// The parsed form of a scenario file (docs/scenarios.md). Card texts, seat and
// team names and keys are resolved against the ruleset when the file is read,
// so running a scenario can only fail on the game itself. Every step and every
// expectation keeps the position it was written at, for failure messages.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostic.h"
#include "engine/action.h"
#include "engine/state.h"
#include "engine/vars.h"

namespace hukum {

// What one key of an `expect` step compares.
enum class CheckKind : uint8_t {
  ToMove,
  Legal,          // exact set
  LegalIncludes,  // every listed action is legal
  LegalExcludes,  // no listed action is legal
  Trump,
  TrickWinner,    // of the last completed trick
  Hand,
  Hidden,
  Tricks,         // per team or per seat, so far
  Points,         // card points captured so far, per team or per seat
  DealOver,
  ResultWinner,
  ResultName,
  ResultPoints,
  ResultTricks,
  ResultGamePoints,
  NextDealer,
  // Fishing.
  Layout,          // exact set of the face-up layout
  Captured,        // per seat: exact set of its capture pile
  StockCount,      // cards left in the stock
  Redeals,         // times the initial layout was dealt again
  Pending,         // the card waiting for its player's choice of target, or none
  TurnUp,          // the card face up on the table (turn_up step), or none
  CalledCard,      // the card a hook called this deal (game.call_card), or none
  MeldPoints,      // per team: points of the melds declared so far
  ResultBonus,     // per seat: bonus transfers of the deal
  ResultSweeps,    // per team: sweeps made in the deal (fishing.sweeps)
  ResultMajority,  // per team: points of the majority categories won (fishing.majorities)
  ResultCombinations,  // per team: points of fishing.combinations
  ResultThreshold, // per seat: the threshold flag, true or false
  TargetReached,   // some seat's deal score reaches match.target
  // The match around the deal (read once the deal is over and counted).
  MatchScore,      // per team: the match total
  MatchOver,
  MatchWinner,     // a team, or none for a tie
  Var,             // one entry of game.vars, compared as var_text
  MatchVar,        // one entry of game.match_vars, compared as var_text
  Controller,      // the seat that decides a seat's actions (game.set_controller)
  Sides,           // this deal's sides, as "N | E W" (side order, seats in seat order)
  SeenSides,       // the sides seat `who` sees (its observation: secret sides only when it knows them)
  Bid,             // per seat: its bid of a `bids` step, or none
  FaceDown,        // exact set of the cards lying face down in the current trick
  Contract,        // the contract and its holder: "4hearts doubled by S", "16 by W", none
  Calls,           // the calls of the deal's auction so far, as typed: "[1heart, pass, 4hearts]"
  DealDirection,   // this deal's direction of dealing: clockwise or counterclockwise
  NextDealDirection,  // the next deal's
  Builds,          // fishing.builds: the builds on the layout, as "8 3S 5H by N", sorted, "; " between
};

struct ExpectCheck {
  CheckKind kind = CheckKind::ToMove;
  std::string key;  // as messages show it: "trick_winner", "hand.W", "result.points.NS"
  SourcePos pos;
  int who = -1;     // the seat or team a per-seat or per-team key names
  bool who_is_team = false;
  std::string expected;         // canonical text, for single-value checks
  std::vector<Action> actions;  // the Legal* checks
  CardSet cards;                // Hand, Hidden, Layout, Captured, FaceDown
  std::string var;              // Var: the key under game.vars
};

struct ScenarioStep {
  enum class Kind : uint8_t {
    Act,      // `SEAT: action`: that seat must be to move
    Play,     // `play: [...]`: whoever is to move, in order
    Refuse,   // `refuse: text`: must be refused, state unchanged
    Expect,   // `expect: {...}`
    PlayOut,  // `play_out: first|last` until the deal ends
  };
  Kind kind = Kind::Expect;
  SourcePos pos;
  std::string text;  // the step as written, on one line
  int seat = -1;     // Act
  // Act, Play, Refuse: action texts as written; parsed when run, because a
  // `refuse` step may hold deliberately unparsable text.
  std::vector<std::pair<std::string, SourcePos>> actions;
  std::vector<ExpectCheck> checks;  // Expect
  bool play_out_last = false;       // PlayOut: the last legal action instead of the first
};

struct Scenario {
  std::string file;
  std::string name;
  std::string ruleset_path;  // resolved against the scenario's folder
  SourcePos ruleset_pos;
  std::map<std::string, std::string> options;
  int dealer = 0;
  std::vector<int> match_scores;         // per team, before this deal (`match_scores:`)
  int deals_played = 0;                  // deals of the match before this one (`deals_played:`)
  std::optional<VarValue> match_vars;    // the hooks' match state so far (`match_vars:`)
  int tie_break_left = 0;                // deals left in a tie-break block, this one included
  uint64_t seed = 1;                     // for a random deal (neither hands nor position)
  std::optional<FixedDeal> deal;         // `hands:` (and `trump_card:`)
  std::optional<PlayPosition> position;  // `position:`
  SourcePos setup_pos;                   // of `hands:` or `position:`
  std::vector<ScenarioStep> steps;
};

}  // namespace hukum
