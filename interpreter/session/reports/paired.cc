// Paired per-deal differences (see paired.h).
#include "session/reports/paired.h"

#include <algorithm>
#include <stdexcept>

#include "session/reports/tally_reader.h"

namespace hukum {

PairedTally::PairedTally(const TallyShape& a, const TallyShape& b) {
  for (size_t i = 0; i < a.team_names.size(); ++i) {
    auto it = std::find(b.team_names.begin(), b.team_names.end(), a.team_names[i]);
    if (it == b.team_names.end()) continue;
    const int j = int(it - b.team_names.begin());
    const std::string& t = a.team_names[i];
    figures_.push_back({t + " deal win rate", Figure::Win, int(i), j, {}});
    figures_.push_back({t + " game points per deal", Figure::GamePoints, int(i), j, {}});
    figures_.push_back({t + " points per deal", Figure::Points, int(i), j, {}});
    if (!a.fishing && !b.fishing) figures_.push_back({t + " tricks per deal", Figure::Tricks, int(i), j, {}});
  }
}

std::vector<int64_t> PairedTally::values(const DealRecord& d, bool b_side) const {
  std::vector<int64_t> out;
  out.reserve(figures_.size());
  for (const Figure& f : figures_) {
    const int t = b_side ? f.team_b : f.team_a;
    switch (f.kind) {
      case Figure::Win: out.push_back(d.won_by(t) ? 1 : 0); break;
      case Figure::GamePoints: out.push_back(d.game_points[size_t(t)]); break;
      case Figure::Points: out.push_back(d.points[size_t(t)]); break;
      case Figure::Tricks: out.push_back(d.tricks[size_t(t)]); break;
    }
  }
  return out;
}

void PairedTally::add_unit(const std::vector<std::vector<int64_t>>& a, const std::vector<std::vector<int64_t>>& b) {
  const size_t n = std::min(a.size(), b.size());
  for (size_t k = 0; k < n; ++k) {
    for (size_t f = 0; f < figures_.size() && f < a[k].size() && f < b[k].size(); ++f)
      if (figures_[f].fits) figures_[f].fits = figures_[f].differences.add(b[k][f] - a[k][f]);
    ++pairs_;
  }
}

void PairedTally::merge(const PairedTally& o) {
  for (size_t f = 0; f < figures_.size() && f < o.figures_.size(); ++f) {
    Figure& mine = figures_[f];
    const Figure& theirs = o.figures_[f];
    Moments sum = mine.differences;
    mine.fits = mine.fits && theirs.fits && !__builtin_add_overflow(sum.n, theirs.differences.n, &sum.n) &&
                !__builtin_add_overflow(sum.sum, theirs.differences.sum, &sum.sum) &&
                !__builtin_add_overflow(sum.sum_squares, theirs.differences.sum_squares, &sum.sum_squares);
    if (mine.fits) mine.differences = sum;
  }
  pairs_ += o.pairs_;
}

const Moments* PairedTally::find(const std::string& figure) const {
  for (const Figure& f : figures_)
    if (f.name == figure) return f.fits ? &f.differences : nullptr;
  return nullptr;
}

nlohmann::ordered_json PairedTally::to_json() const {
  nlohmann::ordered_json d = nlohmann::ordered_json::object();
  for (const Figure& f : figures_)
    d[f.name] = f.fits ? nlohmann::ordered_json{f.differences.n, f.differences.sum, f.differences.sum_squares}
                       : nlohmann::ordered_json(nullptr);
  return {{"pairs", pairs_}, {"differences", d}};
}

PairedTally PairedTally::from_json(const nlohmann::json& j, const TallyShape& a, const TallyShape& b) {
  PairedTally t(a, b);
  const TallyReader r{"paired", j};
  t.pairs_ = r.at("pairs").integer();
  const TallyReader d = r.at("differences");
  for (Figure& f : t.figures_) {
    const TallyReader e = d.at(f.name);
    if (e.j.is_null()) {
      f.fits = false;
      continue;
    }
    f.differences = e.moments();
    // One difference per pair, and sums that n differences can have
    // (Cauchy-Schwarz: sum^2 <= n * sum of squares), or the interval is nonsense.
    const __int128 n = f.differences.n, sum = f.differences.sum, squares = f.differences.sum_squares;
    if (n != t.pairs_ || sum * sum > n * squares) e.fail("not the sums of one difference per pair");
  }
  return t;
}

}  // namespace hukum
