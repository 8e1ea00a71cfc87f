// Paired differences between two variants played on the same deals. When A
// and B play the same seeds, deal i of A and deal i of B share their cards
// (and, with the same rules, everything else), so the spread of the per-deal
// differences B_i - A_i is what measures the effect of the change, not the
// spread of either run's deals: identical variants give an interval of zero
// width, and a small change is found with far fewer deals than by comparing
// two independent means. Per-deal figures only; match figures stay unpaired
// (matches of two variants need not end together). The sums are kept in the
// comparison's JSON ("paired"), so a saved comparison reported again
// (`hukum report`) gives the same paired intervals.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "session/reports/deal_record.h"
#include "session/reports/tally.h"

namespace hukum {

class PairedTally {
 public:
  PairedTally() = default;
  // The figures both shapes have, named as the comparison names them
  // ("NS deal win rate", "NS game points per deal", ...).
  PairedTally(const TallyShape& a, const TallyShape& b);

  // The values of the paired figures for one deal of A (`b_side` false) or B.
  std::vector<int64_t> values(const DealRecord& d, bool b_side) const;
  // One unit's deals of both variants, in play order: the first
  // min(a.size(), b.size()) deals pair up.
  void add_unit(const std::vector<std::vector<int64_t>>& a, const std::vector<std::vector<int64_t>>& b);
  void merge(const PairedTally& o);

  // The per-deal differences B - A of a figure, or null when it is not paired
  // (or its sums would pass 2^63).
  const Moments* find(const std::string& figure) const;
  int64_t pairs() const { return pairs_; }

  // {"pairs": N, "differences": {"NS deal win rate": [n, sum, sum_of_squares], ...}};
  // a figure whose sums would pass 2^63 is null.
  nlohmann::ordered_json to_json() const;
  // Reads what to_json wrote for these shapes; throws std::runtime_error
  // naming the key when a figure is missing or its sums are impossible
  // (the files are untrusted).
  static PairedTally from_json(const nlohmann::json& j, const TallyShape& a, const TallyShape& b);

 private:
  struct Figure {
    std::string name;
    enum Kind { Win, GamePoints, Points, Tricks } kind;
    int team_a = 0, team_b = 0;
    Moments differences;
    // false once a sum would pass 2^63 (hook scores): the figure is then
    // compared unpaired (find gives null) and saved as null.
    bool fits = true;
  };
  std::vector<Figure> figures_;
  int64_t pairs_ = 0;
};

}  // namespace hukum
