// The figures two simulations share, each with both runs' values and the
// difference B - A (compare.h prints them, verdict.h reads them at a glance).
// A figure that repeats another exactly (EW's deal win rate mirrors NS's in a
// two-side game; dealer+2's side is the dealer's in a partnership game) is
// kept but names the figure it repeats, so a reader is not shown one change
// twice as if it were two. So is a mean per deal that is a rate above it in
// other words: game points per deal that are 1 in the deals a side won and 0
// in the others, in both runs, say what its deal win rate says.
#pragma once

#include <string>
#include <vector>

#include "session/reports/paired.h"
#include "session/reports/stats.h"
#include "session/reports/tally.h"

namespace hukum {

struct CompareFigure {
  std::string name;
  bool rate = false;   // a rate (printed as %) rather than a mean
  bool match = false;  // counted over matches, not deals
  double a = 0, se_a = 0, b = 0, se_b = 0;
  const Moments* paired = nullptr;          // per-deal differences B - A, when the deals pair up
  int64_t ha = 0, na = 0, hb = 0, nb = 0;  // a rate's counts
  Moments ma, mb;                           // a mean's sums, per run
  std::string repeats;                      // the earlier figure this one repeats or mirrors, or ""
  // What kind of figure of a team or a position from the dealer it is
  // ("team deal win rate", "position game points per deal"), "" for the
  // others: only figures of one family can repeat each other.
  std::string family;
  bool no_data() const { return rate ? na <= 0 || nb <= 0 : false; }
};

// B - A with its 95% interval: paired when the figure has paired differences,
// else from two independent samples (Newcombe's interval for rates).
Difference figure_difference(const CompareFigure& f);

// Every figure both tallies have, in report order. Rates that one run has no
// data for (a contract band nobody bid) go to `no_data` (when given) instead.
std::vector<CompareFigure> shared_figures(const Tally& a, const Tally& b, const PairedTally* paired,
                                          std::vector<std::string>* no_data = nullptr);

}  // namespace hukum
