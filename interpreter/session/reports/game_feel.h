// Game-feel measures: what a designer asks of a game beyond who wins, counted
// during a simulation into integer totals that merge exactly like the rest of
// the tally (tally.h). Defined, with their sources (Ludii's concepts and
// metrics; Browne's and Bell & Goadrich's measures of lead changes, drama and
// decisiveness), in docs/simulation-report.md#game-feel:
//
// - decisions: per seat and deal, how many times the seat was asked, how many
//   of those had one legal answer (forced), and how many legal answers there
//   were (their mean is the branching factor);
// - the course of a match (MatchCourse): how often the side ahead changed,
//   whether the final winner trailed at some point (a comeback: drama), and
//   over how much of the match the winner led for good (decisiveness).
//
// First-seat and dealer advantage, tie rates and the match length come from
// totals the tally already keeps (feel_report.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/card.h"

namespace hukum {

struct Tally;

// One deal's decisions, per seat (the seat whose player was asked).
struct DecisionCounts {
  std::array<int32_t, kMaxSeats> decisions{}, forced{}, options{}, options_squared{};
  void add(int seat, int legal) {
    const size_t s = size_t(seat);
    ++decisions[s];
    forced[s] += legal == 1;
    options[s] += legal;
    options_squared[s] += legal * legal;
  }
};

// Shares of a match are kept in 1/10000 so that the totals stay integers.
constexpr int64_t kShareScale = 10000;

// What one complete match's course says, once its winner is known.
struct MatchFeel {
  int lead_changes = 0;       // the side strictly ahead changed (ties skipped)
  bool decided = false;       // the match has a winner
  bool winner_trailed = false;  // another side was strictly ahead of the winner after some deal
  int led_for_good = 0;       // the last deals after each of which the winner was strictly ahead
  int deals = 0;
};

// The scores of one match after each of its deals.
class MatchCourse {
 public:
  void start(int teams, bool lowest_wins);
  // The match totals after a deal (before the next one starts).
  void deal_done(const std::vector<int>& totals);
  // `winner`: the team that won the match, -1 for a tie.
  MatchFeel finish(int winner) const;

 private:
  int teams_ = 0;
  bool lowest_wins_ = false;
  std::vector<int> totals_;  // deal-major: totals_[deal * teams_ + team]
};

// The totals the report reads (kept in Tally::feel).
struct FeelTally {
  // false for a tally read from a version-1 result file, which did not count them.
  bool measured = true;
  std::vector<int64_t> decisions, decisions_squared;  // per seat: sum over deals of decisions per deal, and squares
  std::vector<int64_t> forced;                       // per seat: decisions with one legal answer
  std::vector<int64_t> options, options_squared;     // per seat: legal answers summed over decisions, and squares
  int64_t matches = 0;                               // complete matches whose course was followed
  int64_t lead_changes = 0, lead_changes_squared = 0;
  int64_t decided = 0, comebacks = 0;                // matches with a winner; of them, the winner trailed
  int64_t led_for_good = 0, led_for_good_squared = 0;  // per decided match: share of deals, in 1/kShareScale

  void resize(int seats);
  void add_deal(const DecisionCounts& d);
  void add_match(const MatchFeel& m);
  void merge(const FeelTally& o);
};

nlohmann::ordered_json feel_tally_to_json(const FeelTally& f);
// `j` is the tally's "feel" key; throws std::runtime_error with its key path.
FeelTally feel_tally_from_json(const nlohmann::json& j, int seats);
// "" when the totals could have come from a run of `t`'s deals and matches.
std::string feel_inconsistency(const Tally& t);
// "" when two consistent totals add without passing 2^63.
std::string feel_merge_overflow(const FeelTally& a, const FeelTally& b);

}  // namespace hukum
