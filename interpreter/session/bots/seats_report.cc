// The report of a seat-kind match (`simulate --seats`, duplicate.h): the
// text the command prints and the JSON document (format hukum-seats) that
// --json prints and --html draws.
#include <algorithm>
#include <cstdio>

#include "session/bots/duplicate.h"
#include "session/reports/stats.h"

namespace hukum {

namespace {

using ojson = nlohmann::ordered_json;

ojson interval_json(const Interval& i) { return {{"value", i.mean}, {"low", i.low}, {"high", i.high}}; }

}  // namespace

std::string seats_report_text(const Ruleset& rules, const std::vector<std::string>& kinds, const SeatsReport& r) {
  std::string out;
  char line[512];
  std::string seats;
  for (const auto& k : kinds) seats += (seats.empty() ? "" : ",") + k;
  std::snprintf(line, sizeof line, "%s: %ld deals%s, seats %s\n", rules.name.c_str(), r.deals,
                r.rotations > 1 ? (" x " + std::to_string(r.rotations) + " rotations (duplicate)").c_str() : "",
                seats.c_str());
  out += line;
  for (const KindResult& k : r.kinds) {
    std::snprintf(line, sizeof line,
                  "  %-14s seats %d: deal wins %.3f [%.3f, %.3f]; seat wins %.3f [%.3f, %.3f]; game-point margin/deal %+.3f [%+.3f, %+.3f]; "
                  "card-point margin/deal %+.2f [%+.2f, %+.2f]; decision ms p50 %.2f p90 %.2f p99 %.2f max %.2f over %ld\n",
                  k.kind.c_str(), k.seats_held, k.deal_wins.mean, k.deal_wins.low, k.deal_wins.high,
                  k.seat_wins.mean, k.seat_wins.low, k.seat_wins.high, k.margin.mean,
                  k.margin.low, k.margin.high, k.card_points.mean, k.card_points.low, k.card_points.high,
                  k.median_decision_ms, k.p90_decision_ms, k.p99_decision_ms, k.max_decision_ms, k.decisions);
    out += line;
  }
  if (r.kinds.size() == 2) {
    // The verdict is by seat wins, paired deal by deal: where a side mixes
    // kinds (three seats, one kind in one seat, sides decided per deal) many
    // deals are no kind's win, but each seat's own result still counts.
    const Interval& d = r.seat_win_difference;
    const bool first = d.mean >= 0;
    const KindResult& w = first ? r.kinds[0] : r.kinds[1];
    const KindResult& l = first ? r.kinds[1] : r.kinds[0];
    const double sign = first ? 1 : -1;
    const double low = 100 * std::min(sign * d.low, sign * d.high), high = 100 * std::max(sign * d.low, sign * d.high);
    const bool clear = low > 0;
    std::snprintf(line, sizeof line,
                  "  %s beats %s: seat wins %+.1f points [%+.1f, %+.1f] (%.1f%% against %.1f%%, paired by deal)%s\n",
                  w.kind.c_str(), l.kind.c_str(), 100 * sign * d.mean, low, high, 100 * w.seat_wins.mean,
                  100 * l.seat_wins.mean, clear ? "" : " (not clear: the interval reaches 0)");
    out += line;
  }
  if (r.contracts > 0) {
    const Estimate made = rate_estimate(r.contracts_made, r.contracts);
    std::snprintf(line, sizeof line, "  contracts: %ld in %ld plays, made %ld (%.1f%% [%.1f, %.1f]); by value:",
                  r.contracts, r.deals * r.rotations, r.contracts_made, 100 * made.value, 100 * made.low,
                  100 * made.high);
    out += line;
    for (const auto& [v, c] : r.contract_values) out += " " + std::to_string(v) + ":" + std::to_string(c);
    out += "\n";
  }
  if (r.errors > 0) out += "  errors: " + std::to_string(r.errors) + ", first: " + r.first_error + "\n";
  return out;
}

ojson seats_report_document(const RunInfo& info, const std::vector<std::string>& kinds, const SeatsReport& r) {
  ojson j = run_document_header("hukum-seats", 1, info);
  j["seats"] = kinds;
  j["deals"] = r.deals;
  j["rotations"] = r.rotations;
  ojson per_kind = ojson::array();
  for (const KindResult& k : r.kinds) {
    per_kind.push_back({{"kind", k.kind},
                        {"seats_held", k.seats_held},
                        {"deal_wins", interval_json(k.deal_wins)},
                        {"seat_wins", interval_json(k.seat_wins)},
                        {"game_point_margin", interval_json(k.margin)},
                        {"card_point_margin", interval_json(k.card_points)},
                        {"decisions", k.decisions},
                        {"decision_ms", {{"p50", k.median_decision_ms}, {"p90", k.p90_decision_ms},
                                         {"p99", k.p99_decision_ms}, {"max", k.max_decision_ms}}}});
  }
  j["kinds"] = per_kind;
  if (r.kinds.size() == 2) j["seat_win_difference"] = interval_json(r.seat_win_difference);
  if (r.contracts > 0) {
    const Estimate made = rate_estimate(r.contracts_made, r.contracts);
    ojson values = ojson::object();
    for (const auto& [v, c] : r.contract_values) values[std::to_string(v)] = c;
    j["contracts"] = {{"plays", r.deals * r.rotations}, {"contracts", r.contracts}, {"made", r.contracts_made},
                      {"made_rate", {{"value", made.value}, {"low", made.low}, {"high", made.high}}},
                      {"by_value", values}};
  } else {
    j["contracts"] = nullptr;
  }
  j["errors"] = r.errors;
  if (r.errors > 0) j["first_error"] = r.first_error;
  return j;
}

}  // namespace hukum
