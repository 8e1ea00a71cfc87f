// What the simulation report and the per-deal data file keep of one deal: read
// from the deal's DealResult and the public GameState queries when the deal is
// over, in fixed-size arrays so that recording a deal allocates nothing.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/card.h"
#include "engine/state.h"
#include "session/reports/game_feel.h"

namespace hukum {

struct DealRecord {
  // Where the deal comes from: `hukum play FILE --seed <match_seed>` replays
  // its match (bots included), and this is deal `deal` (0-based) of it.
  uint64_t match_seed = 0;
  long unit = 0;        // the work unit (see simulate.h)
  int match = 0;        // the match within the unit
  int deal = 0;         // the deal within the match
  int dealer = 0;
  int winner_team = -1;  // -1: a draw, or a win of several teams (winner_teams)
  uint32_t winner_teams = 0;  // a bit per team when a side of several teams won (DealResult::winner_teams)
  bool won_by(int team) const { return winner_team == team || (team >= 0 && ((winner_teams >> team) & 1u)); }
  const std::string* name = nullptr;  // the named result (points into the DealResult until copied)
  std::array<int, kMaxSeats> points{}, tricks{}, game_points{}, bonus{};  // per team
  std::array<bool, kMaxSeats> threshold_met{};                            // per team (fishing)
  std::array<int, kMaxSeats> sweeps{};  // per team, with fishing.sweeps (has_sweeps)
  bool has_sweeps = false;
  std::array<int, kMaxSeats> seat_tricks{}, seat_cards{};                 // per seat: tricks, cards captured
  // Seats in play order from the dealer: order[0] is the dealer.
  std::array<int8_t, kMaxSeats> order{};
  int bidder = -1;  // with an auction
  int contract = 0;
  bool declared = false;
  bool ended_early = false;
  DecisionCounts decisions;  // filled by the simulation's players (simulate.cc)
};

// Reads the finished deal of `state` (dealer `dealer`).
DealRecord record_deal(const GameState& state, int dealer);

}  // namespace hukum
