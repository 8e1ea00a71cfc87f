// The game-feel section of the report (see feel_report.h).
#include "session/reports/feel_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "session/reports/stats.h"

namespace hukum {

using ojson = nlohmann::ordered_json;

int histogram_quantile(const Histogram& h, double q) {
  const int64_t total = h.total();
  if (total <= 0) return 0;
  const auto entries = h.entries();
  const double need = q * double(total);
  int64_t seen = 0;
  for (const auto& [v, c] : entries) {
    seen += c;
    if (double(seen) >= need) return v;
  }
  return entries.back().first;
}

namespace {

double tidy(double x) { return std::round(x * 1e6) / 1e6; }
ojson est_json(const Estimate& e) { return {{"value", tidy(e.value)}, {"low", tidy(e.low)}, {"high", tidy(e.high)}}; }

// A side's share of the deals when no seat has an advantage: the deals not
// drawn, split evenly between the sides. Taken as known (it is 1/teams
// exactly when the game has no draws), so an advantage's interval is its
// rate's Wilson interval moved by it.
double even_share(const Tally& t) {
  if (t.deals <= 0 || t.shape.teams <= 0) return 0;
  return double(t.deals - t.draws + t.shared_wins) / double(t.deals) / double(t.shape.teams);
}

Estimate advantage(const Tally& t, size_t position) {
  const Estimate r = rate_estimate(t.position_wins[position], t.deals);
  const double e = even_share(t);
  return {r.value - e, r.low - e, r.high - e};
}

// Lead changes are counts: an interval below zero says nothing.
Estimate lead_changes(const FeelTally& f) {
  Estimate e = mean_estimate(f.matches, f.lead_changes, f.lead_changes_squared);
  e.low = std::max(0.0, e.low);
  return e;
}

Estimate decisiveness(const FeelTally& f) {
  const double k = double(kShareScale);
  return bounded_mean_estimate(double(f.decided), double(f.led_for_good) / k, double(f.led_for_good_squared) / (k * k));
}

int64_t total(const std::vector<int64_t>& v) {
  int64_t n = 0;
  for (int64_t x : v) n += x;
  return n;
}

int longest_match(const Tally& t) {
  const auto e = t.match_length.entries();
  return e.empty() ? 0 : e.back().first;
}

}  // namespace

ojson feel_json(const Tally& t) {
  const FeelTally& f = t.feel;
  if (!f.measured) return nullptr;
  const TallyShape& s = t.shape;
  ojson j;

  ojson seats = ojson::object();
  for (size_t i = 0; i < size_t(s.seats); ++i) {
    ojson seat;
    seat["decisions_per_deal"] = t.deals > 0 ? est_json(mean_estimate(t.deals, f.decisions[i], f.decisions_squared[i]))
                                             : ojson(nullptr);
    seat["one_legal_answer"] = f.decisions[i] > 0 ? ojson(tidy(double(f.forced[i]) / double(f.decisions[i]))) : ojson(nullptr);
    seat["legal_answers_per_decision"] =
        f.decisions[i] > 0 ? ojson(tidy(double(f.options[i]) / double(f.decisions[i]))) : ojson(nullptr);
    seats[s.seat_names[i]] = seat;
  }
  const int64_t decisions = total(f.decisions);
  ojson d;
  d["per_deal"] = t.deals > 0 ? ojson(tidy(double(decisions) / double(t.deals))) : ojson(nullptr);
  d["one_legal_answer"] = decisions > 0 ? ojson(tidy(double(total(f.forced)) / double(decisions))) : ojson(nullptr);
  d["branching_factor"] = decisions > 0 ? ojson(tidy(double(total(f.options)) / double(decisions))) : ojson(nullptr);
  d["seats"] = seats;
  j["decisions"] = d;

  ojson adv;
  adv["even_share"] = tidy(even_share(t));
  if (t.deals > 0) {
    adv["dealer"] = est_json(advantage(t, 0));
    if (s.seats > 1) adv["first_seat"] = est_json(advantage(t, 1));
  }
  j["advantage"] = adv;

  ojson m;
  m["complete"] = t.matches_complete;
  m["lead_changes_per_match"] = f.matches > 0 ? est_json(lead_changes(f)) : ojson(nullptr);
  m["decided"] = f.decided;
  m["comeback_rate"] = f.decided > 0 ? est_json(rate_estimate(f.comebacks, f.decided)) : ojson(nullptr);
  m["decisiveness"] = f.decided > 0 ? est_json(decisiveness(f)) : ojson(nullptr);
  m["tie_rate"] = t.matches_complete > 0 ? est_json(rate_estimate(t.match_ties, t.matches_complete)) : ojson(nullptr);
  if (t.matches_complete > 0)
    m["length"] = {{"shortest", histogram_quantile(t.match_length, 0)},
                   {"median", histogram_quantile(t.match_length, 0.5)},
                   {"p90", histogram_quantile(t.match_length, 0.9)},
                   {"longest", longest_match(t)}};
  j["matches"] = m;
  return j;
}

namespace {

// As the rest of the report: two decimals below 1%, where one would print 0.0.
std::string pct(const Estimate& e) {
  char buf[80];
  std::snprintf(buf, sizeof buf, e.value < 0.01 ? "%.2f%% [%.2f, %.2f]" : "%.1f%% [%.1f, %.1f]", 100 * e.value,
                100 * e.low, 100 * e.high);
  return buf;
}

std::string points(const Estimate& e) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "%+.1f points [%+.1f, %+.1f]", 100 * e.value, 100 * e.low, 100 * e.high);
  return buf;
}

std::string pad(const std::string& s, size_t n) { return s.size() >= n ? s + " " : s + std::string(n - s.size(), ' '); }

}  // namespace

std::string feel_text(const Tally& t, size_t w) {
  const FeelTally& f = t.feel;
  if (!f.measured || t.deals <= 0) return {};
  const TallyShape& s = t.shape;
  std::ostringstream o;
  char buf[160];
  o << "Game feel (defined in docs/simulation-report.md, section Game feel)\n";
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * even_share(t));
  o << "  advantage: the side's deals won minus an even share (" << buf << ")\n";
  o << "    " << pad("dealer", 12) << points(advantage(t, 0)) << "\n";
  if (s.seats > 1) o << "    " << pad("first seat", 12) << points(advantage(t, 1)) << " (dealer+1)\n";

  const int64_t decisions = total(f.decisions);
  if (decisions > 0) {
    std::snprintf(buf, sizeof buf, "  decisions: %.2f per deal, %.1f%% with one legal answer, %.2f legal answers per decision\n",
                  double(decisions) / double(t.deals), 100.0 * double(total(f.forced)) / double(decisions),
                  double(total(f.options)) / double(decisions));
    o << buf;
    for (size_t i = 0; i < size_t(s.seats); ++i) {
      if (f.decisions[i] == 0) {
        o << "    " << pad(s.seat_names[i], w) << "no decisions\n";
        continue;
      }
      std::snprintf(buf, sizeof buf, "%.2f per deal, %.1f%% with one legal answer, %.2f legal answers\n",
                    double(f.decisions[i]) / double(t.deals), 100.0 * double(f.forced[i]) / double(f.decisions[i]),
                    double(f.options[i]) / double(f.decisions[i]));
      o << "    " << pad(s.seat_names[i], w) << buf;
    }
  }

  if (t.matches_complete > 0) {
    const int longest = longest_match(t);
    o << "  matches: " << t.matches_complete << " complete, tied " << pct(rate_estimate(t.match_ties, t.matches_complete))
      << "\n";
    std::snprintf(buf, sizeof buf, "    length in deals: shortest %d, median %d, 90%% at most %d, longest %d\n",
                  histogram_quantile(t.match_length, 0), histogram_quantile(t.match_length, 0.5),
                  histogram_quantile(t.match_length, 0.9), longest);
    o << buf;
    if (longest > 1) {
      const Estimate lc = lead_changes(f);
      std::snprintf(buf, sizeof buf, "%.2f [%.2f, %.2f]", lc.value, lc.low, lc.high);
      o << "    lead changes per match " << buf << "\n";
      if (f.decided > 0) {
        o << "    comebacks (drama): the winner trailed after some deal in " << pct(rate_estimate(f.comebacks, f.decided))
          << " of matches won\n";
        o << "    decisiveness: the winner led for good over the last " << pct(decisiveness(f)) << " of the deals\n";
      }
    }
  }
  return o.str();
}

}  // namespace hukum
