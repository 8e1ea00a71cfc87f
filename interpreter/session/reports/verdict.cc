// The one-line verdict of a comparison (see verdict.h).
#include "session/reports/verdict.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hukum {

std::string variant_change(const RunInfo& a, const RunInfo& b) {
  std::vector<std::string> parts;
  if (a.ruleset != b.ruleset) parts.push_back(b.ruleset);
  else if (a.file != b.file) parts.push_back(b.file);
  for (const auto& [k, v] : b.options) {
    auto it = a.options.find(k);
    if (it == a.options.end() || it->second != v) parts.push_back(k + "=" + v);
  }
  if (parts.empty()) return "B (the same rules as A)";
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

namespace {

// Enough decimals to show the interval's half-width to about two digits.
int decimals_for(double half_width) {
  if (!(half_width > 0)) return 3;
  return std::clamp(1 - int(std::floor(std::log10(half_width))), 1, 4);
}

std::string fixed(double x, int decimals, bool sign) {
  char buf[64];
  std::snprintf(buf, sizeof buf, sign ? "%+.*f" : "%.*f", decimals, x);
  return buf;
}

// "NS match win rate 24.0% to 56.0%, +32.0 percentage points [+12.8, +48.1]"
std::string figure_phrase(const CompareFigure& f, const Difference& d) {
  const double k = f.rate ? 100 : 1;
  const int dp = decimals_for(k * (d.delta.high - d.delta.low) / 2);
  const char* unit = f.rate ? "%" : "";
  return f.name + " " + fixed(k * f.a, dp, false) + unit + " to " + fixed(k * f.b, dp, false) + unit + ", " +
         fixed(k * d.delta.value, dp, true) + (f.rate ? " percentage points [" : " [") +
         fixed(k * d.delta.low, dp, true) + ", " + fixed(k * d.delta.high, dp, true) + "]";
}

std::string p_text(double p) {
  if (p < kClearP) return "p < 0.001";
  char buf[32];
  std::snprintf(buf, sizeof buf, "p %.2g", p);
  return buf;
}

const char* method(const CompareFigure& f) { return f.paired ? "paired" : "independent samples"; }

}  // namespace

Verdict comparison_verdict(const RunInfo& a, const RunInfo& b, const std::vector<CompareFigure>& figures,
                           int64_t deals) {
  struct Seen {
    const CompareFigure* f;
    Difference d;
    double strength;  // |difference| over the interval's width: larger is surer
  };
  std::vector<Seen> clear, marked;
  size_t shown = 0;
  for (const CompareFigure& f : figures) {
    if (!f.repeats.empty()) continue;
    ++shown;
    const Difference d = figure_difference(f);
    if (!d.significant) continue;
    const double width = d.delta.high - d.delta.low;
    const Seen s{&f, d, width > 0 ? std::abs(d.delta.value) / width : INFINITY};
    (d.p_value < kClearP ? clear : marked).push_back(s);
  }
  auto surest_first = [](const Seen& x, const Seen& y) { return x.strength > y.strength; };
  std::stable_sort(clear.begin(), clear.end(), surest_first);
  std::stable_sort(marked.begin(), marked.end(), surest_first);
  Verdict v;
  std::string t = "Verdict: " + variant_change(a, b) + ": ";
  if (!clear.empty()) {
    for (size_t k = 0; k < clear.size() && k < 2; ++k) {
      t += (k ? "; " : "") + figure_phrase(*clear[k].f, clear[k].d) + ", clear (" + method(*clear[k].f) + ", " +
           p_text(clear[k].d.p_value) + ")";
      v.clear.push_back(clear[k].f->name);
    }
    if (clear.size() > 2) t += "; and " + std::to_string(clear.size() - 2) + " more clear below";
  } else if (!marked.empty()) {
    t += "no clear change (no figure with p < 0.001); " + figure_phrase(*marked[0].f, marked[0].d) + " is marked (" +
         method(*marked[0].f) + ", " + p_text(marked[0].d.p_value) +
         "), as about 1 figure in 20 is by chance: check it with another --seed";
    v.marked.push_back(marked[0].f->name);
  } else {
    t += "no clear change: no figure's 95% interval excludes 0 (" + std::to_string(shown) + " figures)";
  }
  v.text = t + "; " + std::to_string(deals) + " deals each.";
  return v;
}

nlohmann::ordered_json verdict_json(const Verdict& v) {
  return {{"text", v.text}, {"clear", v.clear}, {"marked", v.marked}};
}

}  // namespace hukum
