// Differences between two simulations (see compare.h).
#include "session/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "session/stats.h"

namespace hukum {

using ojson = nlohmann::ordered_json;

namespace {

// One figure of both runs: its value and standard error in each.
struct Figure {
  std::string name;
  bool rate = false;  // a rate (printed as %) rather than a mean
  double a = 0, se_a = 0, b = 0, se_b = 0;
  const Moments* paired = nullptr;  // per-deal differences B - A, when the deals pair up
  int64_t ha = 0, na = 0, hb = 0, nb = 0;  // a rate's counts
  bool no_data() const { return rate ? na <= 0 || nb <= 0 : false; }
};

// B - A with its interval: from the paired differences when there are
// some (the same deals in both runs), else from two independent samples.
Difference figure_difference(const Figure& f) {
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

Figure rate_figure(const std::string& name, int64_t ha, int64_t na, int64_t hb, int64_t nb) {
  auto se = [](int64_t h, int64_t n) {
    if (n <= 0) return 0.0;
    const double p = double(h) / double(n);
    return std::sqrt(p * (1 - p) / double(n));
  };
  Figure f{name, true, na ? double(ha) / double(na) : 0, se(ha, na), nb ? double(hb) / double(nb) : 0, se(hb, nb)};
  f.ha = ha, f.na = na, f.hb = hb, f.nb = nb;
  return f;
}

Figure mean_figure(const std::string& name, const Moments& a, const Moments& b) {
  return {name,
          false,
          a.n ? double(a.sum) / double(a.n) : 0,
          standard_error(a.n, a.sum, a.sum_squares),
          b.n ? double(b.sum) / double(b.n) : 0,
          standard_error(b.n, b.sum, b.sum_squares)};
}

// Deals per complete match, from the histogram of lengths.
Moments length_moments(const Tally& t) {
  Moments m;
  for (const auto& [v, c] : t.match_length.entries()) m.n += c, m.sum += int64_t(v) * c, m.sum_squares += int64_t(v) * v * c;
  return m;
}

int64_t result_count(const Tally& t, const std::string& name) {
  for (const auto& [n, c] : t.results)
    if (n == name) return c;
  return 0;
}

// The figures both tallies have: teams by name, positions by index, named
// results by name, contract bands when both have the same bands.
std::vector<Figure> shared_figures(const Tally& a, const Tally& b, const PairedTally* paired) {
  std::vector<Figure> out;
  const TallyShape &sa = a.shape, &sb = b.shape;
  for (size_t i = 0; i < sa.team_names.size(); ++i) {
    auto it = std::find(sb.team_names.begin(), sb.team_names.end(), sa.team_names[i]);
    if (it == sb.team_names.end()) continue;
    const size_t j = size_t(it - sb.team_names.begin());
    const std::string& t = sa.team_names[i];
    out.push_back(rate_figure(t + " deal win rate", a.wins[i], a.deals, b.wins[j], b.deals));
    out.push_back(mean_figure(t + " game points per deal", a.game_points[i], b.game_points[j]));
    out.push_back(mean_figure(t + " points per deal", a.points[i], b.points[j]));
    if (!sa.fishing && !sb.fishing) out.push_back(mean_figure(t + " tricks per deal", a.tricks[i], b.tricks[j]));
    if (sa.fishing && sb.fishing) out.push_back(mean_figure(t + " bonus per deal", a.bonus[i], b.bonus[j]));
    if (a.matches_complete > 0 && b.matches_complete > 0)
      out.push_back(rate_figure(t + " match win rate", a.matches_won[i], a.matches_complete, b.matches_won[j],
                                b.matches_complete));
  }
  // The match as a whole (game_feel.h): where a house rule's one big effect may be.
  if (a.matches_complete > 0 && b.matches_complete > 0) {
    out.push_back(rate_figure("match tie rate", a.match_ties, a.matches_complete, b.match_ties, b.matches_complete));
    out.push_back(mean_figure("deals per match", length_moments(a), length_moments(b)));
    if (a.feel.measured && b.feel.measured) {
      out.push_back(mean_figure("lead changes per match", {a.feel.matches, a.feel.lead_changes, a.feel.lead_changes_squared},
                                {b.feel.matches, b.feel.lead_changes, b.feel.lead_changes_squared}));
      out.push_back(rate_figure("comeback rate (matches won from behind)", a.feel.comebacks, a.feel.decided,
                                b.feel.comebacks, b.feel.decided));
    }
  }
  for (size_t k = 0; k < std::min(a.position_wins.size(), b.position_wins.size()); ++k) {
    const std::string pos = k == 0 ? "dealer" : "dealer+" + std::to_string(k);
    out.push_back(rate_figure(pos + "'s side deal win rate", a.position_wins[k], a.deals, b.position_wins[k], b.deals));
    out.push_back(mean_figure(pos + "'s side game points per deal", a.position_game_points[k],
                              b.position_game_points[k]));
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
  out.erase(std::remove_if(out.begin(), out.end(), [](const Figure& f) { return f.no_data(); }), out.end());
  if (paired && paired->pairs() == a.deals && paired->pairs() == b.deals)
    for (Figure& f : out) f.paired = paired->find(f.name);
  return out;
}

double tidy(double x) { return std::round(x * 1e6) / 1e6; }

}  // namespace

ojson differences_json(const Tally& a, const Tally& b, const PairedTally* paired) {
  ojson list = ojson::array();
  for (const Figure& f : shared_figures(a, b, paired)) {
    const Difference d = figure_difference(f);
    list.push_back({{"figure", f.name},
                    {"kind", f.rate ? "rate" : "mean"},
                    {"method", f.paired ? "paired" : "independent"},
                    {"a", tidy(f.a)},
                    {"b", tidy(f.b)},
                    {"difference", {{"value", tidy(d.delta.value)}, {"low", tidy(d.delta.low)}, {"high", tidy(d.delta.high)}}},
                    {"p_value", tidy(d.p_value)},
                    {"significant", d.significant}});
  }
  return list;
}

ojson comparison_document(const RunInfo& a_info, const Tally& a, const RunInfo& b_info, const Tally& b,
                          const PairedTally* paired) {
  ojson j;
  j["format"] = kComparisonFormat;
  j["version"] = kReportVersion;
  j["a"] = report_document(a_info, a);
  j["b"] = report_document(b_info, b);
  j["differences"] = differences_json(a, b, paired);
  return j;
}

std::string comparison_text(const RunInfo& a_info, const Tally& a, const RunInfo& b_info, const Tally& b,
                            const PairedTally* paired) {
  std::ostringstream o;
  auto describe = [&](const char* label, const RunInfo& info) {
    o << label << ": " << info.ruleset << " (" << info.file << ")";
    for (const auto& [k, v] : info.options) o << " " << k << "=" << v;
    o << "\n";
  };
  describe("A", a_info);
  describe("B", b_info);
  o << "Seats: " << seats_text(a_info, a.shape.seat_names);
  if (a_info.seats != b_info.seats) o << " (A); " << seats_text(b_info, b.shape.seat_names) << " (B)";
  else o << ", in both";
  o << "\n";
  o << a.deals << " deals each, seed " << a_info.seed << " for both. Differences B - A with 95% intervals;\n"
    << "* marks a significant difference (the interval excludes 0).\n";
  const auto figures = shared_figures(a, b, paired);
  if (std::any_of(figures.begin(), figures.end(), [](const Figure& f) { return f.paired; }))
    o << "Per-deal figures (marked p) are paired: both variants played the same deals, seats and bot seeds,\n"
      << "so their intervals come from the deal-by-deal differences, which a change moves and chance mostly\n"
      << "does not; the others (matches, results, positions) compare the two runs as independent samples.\n";
  size_t w = 10;
  for (const Figure& f : figures) w = std::max(w, f.name.size() + 2);
  char buf[256];
  for (const Figure& f : figures) {
    const Difference d = figure_difference(f);
    const double k = f.rate ? 100 : 1;
    const char* unit = f.rate ? "%" : "";
    std::snprintf(buf, sizeof buf, "%c%c %-*s A %8.3f%s  B %8.3f%s  B-A %+8.3f [%+.3f, %+.3f]  p %.3g\n",
                  d.significant ? '*' : ' ', f.paired ? 'p' : ' ', int(w), f.name.c_str(), k * f.a, unit, k * f.b, unit,
                  k * d.delta.value, k * d.delta.low, k * d.delta.high, d.p_value);
    o << buf;
  }
  // Many figures are tested at once: about one in twenty true non-differences
  // is marked by chance, which the reader should know before concluding.
  o << figures.size() << " figures compared: about " << (figures.size() + 10) / 20
    << " may be marked by chance alone; check a marked difference with another --seed, or look at p < 0.001.\n";
  o << "invariant failures: A " << a.invariant_failures << ", B " << b.invariant_failures << "\n";
  o << "errors: A " << a.errors << ", B " << b.errors << "\n";
  return o.str();
}

}  // namespace hukum
