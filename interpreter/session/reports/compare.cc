// Differences between two simulations (see compare.h).
#include "session/reports/compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "session/reports/compare_figures.h"
#include "session/reports/stats.h"
#include "session/reports/verdict.h"

namespace hukum {

using ojson = nlohmann::ordered_json;

namespace {

double tidy(double x) { return std::round(x * 1e6) / 1e6; }

}  // namespace

ojson differences_json(const Tally& a, const Tally& b, const PairedTally* paired) {
  ojson list = ojson::array();
  for (const CompareFigure& f : shared_figures(a, b, paired)) {
    const Difference d = figure_difference(f);
    list.push_back({{"figure", f.name},
                    {"kind", f.rate ? "rate" : "mean"},
                    {"over", f.match ? "matches" : "deals"},
                    {"method", f.paired ? "paired" : "independent"},
                    {"a", tidy(f.a)},
                    {"b", tidy(f.b)},
                    {"difference", {{"value", tidy(d.delta.value)}, {"low", tidy(d.delta.low)}, {"high", tidy(d.delta.high)}}},
                    {"p_value", tidy(d.p_value)},
                    {"significant", d.significant}});
    if (!f.repeats.empty()) list.back()["repeats"] = f.repeats;
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
  std::vector<std::string> no_data;
  const auto figures = shared_figures(a, b, paired, &no_data);
  j["verdict"] = verdict_json(comparison_verdict(a_info, b_info, figures, a.deals));
  j["differences"] = differences_json(a, b, paired);
  j["no_data"] = no_data;
  // The paired sums themselves, so that `hukum report` of this file gives the
  // same intervals (null when the runs did not pair deal by deal).
  j["paired"] = paired && paired->pairs() == a.deals && paired->pairs() == b.deals ? paired->to_json() : ojson();
  return j;
}

std::string comparison_text(const RunInfo& a_info, const Tally& a, const RunInfo& b_info, const Tally& b,
                            const PairedTally* paired) {
  std::ostringstream o;
  o << comparison_verdict(a_info, b_info, shared_figures(a, b, paired), a.deals).text << "\n";
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
  std::vector<std::string> no_data;
  const auto figures = shared_figures(a, b, paired, &no_data);
  if (std::any_of(figures.begin(), figures.end(), [](const CompareFigure& f) { return f.paired; }))
    o << "Per-deal figures (marked p) are paired: both variants played the same deals, seats and bot seeds,\n"
      << "so their intervals come from the deal-by-deal differences, which a change moves and chance mostly\n"
      << "does not; the others (matches, results, positions) compare the two runs as independent samples.\n";
  size_t w = 10, shown = 0;
  for (const CompareFigure& f : figures) w = std::max(w, f.name.size() + 2);
  char buf[256];
  std::string repeated;
  for (const CompareFigure& f : figures) {
    if (!f.repeats.empty()) {
      repeated += (repeated.empty() ? "" : ", ") + f.name + " (" + f.repeats + ")";
      continue;
    }
    ++shown;
    const Difference d = figure_difference(f);
    const double k = f.rate ? 100 : 1;
    const char* unit = f.rate ? "%" : "";
    std::snprintf(buf, sizeof buf, "%c%c %-*s A %8.3f%s  B %8.3f%s  B-A %+8.3f [%+.3f, %+.3f]  p %.3g\n",
                  d.significant ? '*' : ' ', f.paired ? 'p' : ' ', int(w), f.name.c_str(), k * f.a, unit, k * f.b, unit,
                  k * d.delta.value, k * d.delta.low, k * d.delta.high, d.p_value);
    o << buf;
  }
  if (!repeated.empty()) o << "Left out, as they repeat a figure above exactly or as its mirror: " << repeated << ".\n";
  if (!no_data.empty()) {
    o << "No data in A or B (left out):";
    for (const auto& n : no_data) o << " " << n << (&n == &no_data.back() ? ".\n" : ",");
  }
  // Many figures are tested at once: about one in twenty true non-differences
  // is marked by chance, which the reader should know before concluding.
  o << shown << " figures compared: about " << (shown + 10) / 20
    << " may be marked by chance alone; check a marked difference with another --seed, or look at p < 0.001.\n";
  o << "invariant failures: A " << a.invariant_failures << ", B " << b.invariant_failures << "\n";
  o << "errors: A " << a.errors << ", B " << b.errors << "\n";
  return o.str();
}

}  // namespace hukum
