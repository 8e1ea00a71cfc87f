// The integer totals a simulation accumulates, deal by deal and match by match:
// counts, sums and sums of squares, histograms. Totals only add, so a tally
// summed from shards or threads in any order equals the tally of one run; the
// report (report.h) is computed from a tally and nothing else. A tally writes
// itself to JSON and reads itself back (for `hukum merge`).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "session/reports/deal_record.h"
#include "session/reports/game_feel.h"

namespace hukum {

// n, sum and sum of squares of integer values: a mean and its interval.
struct Moments {
  int64_t n = 0, sum = 0, sum_squares = 0;
  // false, leaving the moments as they were, when a total would pass 2^63
  // (hooks may score about 10^9 a deal: ten such deals pass it squared).
  [[nodiscard]] bool add(int64_t v) {
    int64_t s = 0, square = 0, q = 0;
    if (__builtin_add_overflow(sum, v, &s) || __builtin_mul_overflow(v, v, &square) ||
        __builtin_add_overflow(sum_squares, square, &q))
      return false;
    ++n, sum = s, sum_squares = q;
    return true;
  }
  void merge(const Moments& o) { n += o.n, sum += o.sum, sum_squares += o.sum_squares; }
};

// Score histograms count a value past this bound at the bound: the dense
// array stays small (hooks may score 10^9 a deal) and every bundled score is
// far inside it. Match lengths are counted as they are (at most kMaxMatchDeals).
constexpr int kMaxHistogramScore = 100'000;

// Counts of integer values, kept in a dense array from the lowest value seen.
class Histogram {
 public:
  void add(int value, int64_t count = 1);
  void merge(const Histogram& o);
  // (value, count) for every value with a count, lowest value first.
  std::vector<std::pair<int, int64_t>> entries() const;
  int64_t total() const;

 private:
  int lowest_ = 0;
  std::vector<int64_t> counts_;
};

// What the report needs to know of the ruleset, kept with the tally so that a
// merged report needs no ruleset file.
struct TallyShape {
  bool fishing = false;
  int seats = 0, teams = 0;
  std::vector<std::string> seat_names, team_names;
  std::vector<int> team_of;  // per seat
  bool auction = false;      // the deal has an auction step
  bool declaration = false;  // the deal has a declare step
  std::vector<std::pair<int, int>> bands;  // contract bands (low, high); empty without contract scoring
  bool named_results = false;  // the ruleset names results beyond its default name
};

TallyShape shape_of(const Ruleset& rules);

struct Tally {
  explicit Tally(const TallyShape& shape);

  // false when a total would pass 2^63 (see Moments::add): the run cannot be tallied.
  [[nodiscard]] bool add_deal(const DealRecord& d);
  // A match the unit played to its natural end (`complete`), or one cut short
  // because the unit ran out of deals (not counted as won or lost); `feel`:
  // its course (game_feel.h), counted for complete matches.
  void add_match(bool complete, int deals, int leading_team, const MatchFeel& feel);
  // A unit that broke an invariant or stopped with an error; the lowest unit's
  // message is kept, so the message does not depend on threads or shards.
  void add_failure(long unit, bool broken_invariant, const std::string& message);
  void merge(const Tally& o);

  TallyShape shape;
  int64_t deals = 0, draws = 0;
  // Wins beyond one per deal: a deal won by a side of three teams adds 2
  // (each team's wins count it), so that wins + draws = deals + shared_wins.
  int64_t shared_wins = 0;
  int64_t matches_complete = 0, matches_cut = 0, match_ties = 0;
  std::vector<int64_t> matches_won;  // per team, complete matches only
  Histogram match_length;            // deals per complete match

  // Per team, per deal.
  std::vector<int64_t> wins, thresholds_met;
  std::vector<Moments> points, tricks, game_points, bonus;
  std::vector<Moments> sweeps;  // fishing with sweeps only (n stays 0 otherwise)
  std::vector<Histogram> points_hist, tricks_hist, game_points_hist;
  // Per seat, per deal.
  std::vector<Moments> seat_tricks, seat_cards;
  // Per position from the dealer in play order (0: the dealer): that seat's
  // team's wins and game points.
  std::vector<int64_t> position_wins;
  std::vector<Moments> position_game_points;

  // Named results (the default name and "draw" included), in order of first sight.
  std::vector<std::pair<std::string, int64_t>> results;

  // Auctions: per contract band (the last entry: contracts in no band), how
  // often bid, made by the bidding side, and its points minus the contract.
  struct Band {
    int64_t bids = 0, made = 0;
    Moments margin;
  };
  std::vector<Band> bands;
  Histogram contracts;                // final contract values
  std::vector<int64_t> seat_bids, seat_bids_made;  // per seat as the bidder
  int64_t declared = 0, declared_made = 0;

  // Game feel: decisions per seat, the course of matches (game_feel.h).
  FeelTally feel;

  int64_t invariant_failures = 0, errors = 0;
  long first_failure_unit = -1;
  std::string first_failure;
};

nlohmann::ordered_json tally_to_json(const Tally& t);
nlohmann::ordered_json shape_to_json(const TallyShape& s);
// Throw std::runtime_error with the key path on malformed input (the files are untrusted).
TallyShape shape_from_json(const nlohmann::json& j);
Tally tally_from_json(const nlohmann::json& j, const TallyShape& shape);

}  // namespace hukum
