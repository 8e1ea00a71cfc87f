// The figures two simulations share (see compare_figures.h).
#include "session/reports/compare_figures.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace hukum {

Difference figure_difference(const CompareFigure& f) {
  if (f.paired && f.paired->n > 0) {
    const Moments& m = *f.paired;
    Difference d = difference(0, 0, double(m.sum) / double(m.n), standard_error(m.n, m.sum, m.sum_squares));
    // A difference of two rates lies in [-1, 1] whatever the normal interval says.
    if (f.rate) d.delta.low = std::max(-1.0, d.delta.low), d.delta.high = std::min(1.0, d.delta.high);
    return d;
  }
  // Rates: Newcombe's interval from the two Wilson intervals (stats.h), which
  // keeps a width at 0 of n and stays inside [-1, 1].
  if (f.rate) return rate_difference(f.ha, f.na, f.hb, f.nb);
  return difference(f.a, f.se_a, f.b, f.se_b);
}

namespace {

CompareFigure rate_figure(const std::string& name, int64_t ha, int64_t na, int64_t hb, int64_t nb) {
  auto se = [](int64_t h, int64_t n) {
    if (n <= 0) return 0.0;
    const double p = double(h) / double(n);
    return std::sqrt(p * (1 - p) / double(n));
  };
  CompareFigure f;
  f.name = name, f.rate = true;
  f.a = na ? double(ha) / double(na) : 0, f.se_a = se(ha, na);
  f.b = nb ? double(hb) / double(nb) : 0, f.se_b = se(hb, nb);
  f.ha = ha, f.na = na, f.hb = hb, f.nb = nb;
  return f;
}

CompareFigure mean_figure(const std::string& name, const Moments& a, const Moments& b) {
  CompareFigure f;
  f.name = name;
  f.a = a.n ? double(a.sum) / double(a.n) : 0, f.se_a = standard_error(a.n, a.sum, a.sum_squares);
  f.b = b.n ? double(b.sum) / double(b.n) : 0, f.se_b = standard_error(b.n, b.sum, b.sum_squares);
  f.ma = a, f.mb = b;
  return f;
}

CompareFigure match_figure(CompareFigure f) {
  f.match = true;
  return f;
}

// Deals per complete match, from the histogram of lengths.
Moments length_moments(const Tally& t) {
  Moments m;
  for (const auto& [v, c] : t.match_length.entries()) m.n += c, m.sum += int64_t(v) * c, m.sum_squares += int64_t(v) * v * c;
  return m;
}

std::set<int> match_lengths(const Tally& t) {
  std::set<int> out;
  for (const auto& [v, c] : t.match_length.entries())
    if (c > 0) out.insert(int(v));
  return out;
}

int64_t result_count(const Tally& t, const std::string& name) {
  for (const auto& [n, c] : t.results)
    if (n == name) return c;
  return 0;
}

bool close(double x, double y) { return std::abs(x - y) < 1e-9; }

// `later` says nothing `earlier` does not, by the structure of the game and
// not by chance: two positions from the dealer on one side (dealer+2 is the
// dealer's partner) have the same counts; the rates of two sides that share
// every deal or match between them (EW wins each deal NS does not, in a game
// without draws) are complements, whose difference is the other's negated,
// interval and all. Two teams' figures that happen to be equal are not repeats.
bool repeats(const CompareFigure& earlier, const CompareFigure& later) {
  if (earlier.family.empty() || earlier.family != later.family) return false;
  const Difference de = figure_difference(earlier), dl = figure_difference(later);
  if (earlier.family.rfind("position ", 0) == 0 && close(earlier.a, later.a) && close(earlier.b, later.b) &&
      close(earlier.se_a, later.se_a) && close(earlier.se_b, later.se_b) && close(de.delta.low, dl.delta.low) &&
      close(de.delta.high, dl.delta.high))
    return true;
  return earlier.rate && earlier.na == later.na && earlier.nb == later.nb && earlier.ha + later.ha == earlier.na &&
         earlier.hb + later.hb == earlier.nb && close(de.delta.low, -dl.delta.high) && close(de.delta.high, -dl.delta.low);
}

// The mean `later` says what the rate `earlier` says: the same side (team or
// position from the dealer), and in both runs the mean's values are 0 or 1 a
// deal (a sum of squares equal to the sum, which integers allow only then),
// as many ones as the rate has hits, over the same deals; paired, the
// deal-by-deal differences are the same too. Game points of one per deal won:
// the win rate again.
bool says_rate(const CompareFigure& earlier, const CompareFigure& later) {
  static const std::string rate_tail = " deal win rate", mean_tail = " game points per deal";
  if (!earlier.rate || later.rate || earlier.match || later.match) return false;
  if (earlier.name.size() <= rate_tail.size() || later.name.size() <= mean_tail.size()) return false;
  if (earlier.name.compare(earlier.name.size() - rate_tail.size(), rate_tail.size(), rate_tail) != 0 ||
      later.name.compare(later.name.size() - mean_tail.size(), mean_tail.size(), mean_tail) != 0 ||
      earlier.name.substr(0, earlier.name.size() - rate_tail.size()) !=
          later.name.substr(0, later.name.size() - mean_tail.size()))
    return false;
  auto indicator = [](const Moments& m, int64_t hits, int64_t n) {
    return m.n == n && m.sum == hits && m.sum_squares == hits;
  };
  if (!indicator(later.ma, earlier.ha, earlier.na) || !indicator(later.mb, earlier.hb, earlier.nb)) return false;
  if ((earlier.paired == nullptr) != (later.paired == nullptr)) return false;
  return !earlier.paired || (earlier.paired->n == later.paired->n && earlier.paired->sum == later.paired->sum &&
                             earlier.paired->sum_squares == later.paired->sum_squares);
}

}  // namespace

// The figures both tallies have: teams by name, positions by index, named
// results by name, contract bands when both have the same bands.
std::vector<CompareFigure> shared_figures(const Tally& a, const Tally& b, const PairedTally* paired,
                                          std::vector<std::string>* no_data) {
  std::vector<CompareFigure> out;
  const TallyShape &sa = a.shape, &sb = b.shape;
  for (size_t i = 0; i < sa.team_names.size(); ++i) {
    auto it = std::find(sb.team_names.begin(), sb.team_names.end(), sa.team_names[i]);
    if (it == sb.team_names.end()) continue;
    const size_t j = size_t(it - sb.team_names.begin());
    const std::string& t = sa.team_names[i];
    const size_t first = out.size();
    out.push_back(rate_figure(t + " deal win rate", a.wins[i], a.deals, b.wins[j], b.deals));
    out.push_back(mean_figure(t + " game points per deal", a.game_points[i], b.game_points[j]));
    out.push_back(mean_figure(t + " points per deal", a.points[i], b.points[j]));
    if (!sa.fishing && !sb.fishing) out.push_back(mean_figure(t + " tricks per deal", a.tricks[i], b.tricks[j]));
    if (sa.fishing && sb.fishing) out.push_back(mean_figure(t + " bonus per deal", a.bonus[i], b.bonus[j]));
    if (a.matches_complete > 0 && b.matches_complete > 0)
      out.push_back(match_figure(rate_figure(t + " match win rate", a.matches_won[i], a.matches_complete,
                                             b.matches_won[j], b.matches_complete)));
    for (size_t k = first; k < out.size(); ++k) out[k].family = "team" + out[k].name.substr(t.size());
  }
  // The match as a whole (game_feel.h): where a house rule's one big effect may be.
  if (a.matches_complete > 0 && b.matches_complete > 0) {
    out.push_back(match_figure(
        rate_figure("match tie rate", a.match_ties, a.matches_complete, b.match_ties, b.matches_complete)));
    // Matches of a fixed number of deals on both sides: one length, nothing
    // to compare (the row would read +0.000 [+0.000, +0.000]).
    const std::set<int> lengths_a = match_lengths(a), lengths_b = match_lengths(b);
    if (!(lengths_a.size() == 1 && lengths_a == lengths_b))
      out.push_back(match_figure(mean_figure("deals per match", length_moments(a), length_moments(b))));
    if (a.feel.measured && b.feel.measured) {
      out.push_back(match_figure(
          mean_figure("lead changes per match", {a.feel.matches, a.feel.lead_changes, a.feel.lead_changes_squared},
                      {b.feel.matches, b.feel.lead_changes, b.feel.lead_changes_squared})));
      out.push_back(match_figure(rate_figure("comeback rate (matches won from behind)", a.feel.comebacks,
                                             a.feel.decided, b.feel.comebacks, b.feel.decided)));
    }
  }
  for (size_t k = 0; k < std::min(a.position_wins.size(), b.position_wins.size()); ++k) {
    const std::string pos = k == 0 ? "dealer" : "dealer+" + std::to_string(k);
    out.push_back(rate_figure(pos + "'s side deal win rate", a.position_wins[k], a.deals, b.position_wins[k], b.deals));
    out.push_back(mean_figure(pos + "'s side game points per deal", a.position_game_points[k],
                              b.position_game_points[k]));
    out[out.size() - 2].family = "position deal win rate";
    out.back().family = "position game points per deal";
  }
  std::vector<std::string> names;
  for (const auto& r : a.results) names.push_back(r.first);
  for (const auto& r : b.results) names.push_back(r.first);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  for (const auto& n : names)
    out.push_back(rate_figure("result " + n, result_count(a, n), a.deals, result_count(b, n), b.deals));
  if (sa.auction && sb.auction && sa.bands == sb.bands)
    for (size_t k = 0; k < sa.bands.size(); ++k) {
      const std::string band = std::to_string(sa.bands[k].first) + "-" + std::to_string(sa.bands[k].second);
      out.push_back(rate_figure("contracts " + band + " made rate", a.bands[k].made, a.bands[k].bids, b.bands[k].made,
                                b.bands[k].bids));
    }
  // A rate of nothing on one side (a contract band nobody bid) has no difference to show.
  for (const CompareFigure& f : out)
    if (f.no_data() && no_data) no_data->push_back(f.name);
  out.erase(std::remove_if(out.begin(), out.end(), [](const CompareFigure& f) { return f.no_data(); }), out.end());
  if (paired && paired->pairs() == a.deals && paired->pairs() == b.deals)
    for (CompareFigure& f : out) f.paired = paired->find(f.name);
  for (size_t k = 0; k < out.size(); ++k)
    for (size_t e = 0; e < k && out[k].repeats.empty(); ++e)
      if ((out[e].repeats.empty() && repeats(out[e], out[k])) || says_rate(out[e], out[k])) out[k].repeats = out[e].name;
  return out;
}

}  // namespace hukum
