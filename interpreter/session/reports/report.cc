// The simulation report from a tally: JSON and text (see report.h).
#include "session/reports/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "core/run_limits.h"
#include "session/reports/feel_report.h"
#include "session/matches/seat_kinds.h"
#include "session/reports/stats.h"

namespace hukum {

using ojson = nlohmann::ordered_json;

RunInfo run_info(const Ruleset& rules, const std::string& file, uint64_t seed, long deals, int shard, int shards) {
  RunInfo i;
  i.ruleset = rules.name;
  i.file = file;
  i.content_hash = rules.content_hash;
  i.options = rules.chosen_options;
  i.seed = seed;
  i.deals = deals;
  i.shard = shard;
  i.shards = shards;
  i.match_deals = rules.match.deals;
  i.match_target = rules.match.target;
  return i;
}

std::string seats_text(const RunInfo& info, const std::vector<std::string>& seat_names) {
  if (info.seats.empty()) return "random bots (every legal action equally likely)";
  std::string out;
  for (size_t s = 0; s < info.seats.size(); ++s)
    out += (s ? ", " : "") + (s < seat_names.size() ? seat_names[s] + " " : std::string()) + info.seats[s];
  return out;
}

namespace {

// Six decimals are plenty for rates and means, and keep the JSON readable.
double tidy(double x) { return std::round(x * 1e6) / 1e6; }

ojson est_json(const Estimate& e) { return {{"value", tidy(e.value)}, {"low", tidy(e.low)}, {"high", tidy(e.high)}}; }
// A figure of nothing (a rate of 0 contracts, a mean of no matches) is null:
// "no data", not an interval that pretends to know something.
ojson rate_json(int64_t hits, int64_t n) { return n > 0 ? est_json(rate_estimate(hits, n)) : ojson(nullptr); }
ojson mean_json(const Moments& m) {
  return m.n > 0 ? est_json(mean_estimate(m.n, m.sum, m.sum_squares)) : ojson(nullptr);
}

ojson hist_json(const Histogram& h) {
  ojson a = ojson::array();
  for (const auto& [v, c] : h.entries()) a.push_back(ojson::array({v, c}));
  return a;
}

std::vector<std::pair<std::string, int64_t>> sorted_results(const Tally& t) {
  auto r = t.results;
  std::sort(r.begin(), r.end());
  return r;
}

std::string position_name(size_t k) { return k == 0 ? "dealer" : "dealer+" + std::to_string(k); }

std::string band_name(const TallyShape& s, size_t b) {
  if (b >= s.bands.size()) return "other";
  return std::to_string(s.bands[b].first) + "-" + std::to_string(s.bands[b].second);
}

// Fishing bonuses are reported when the ruleset paid any (it may have none).
bool any_bonus(const Tally& t) {
  for (const Moments& m : t.bonus)
    if (m.sum_squares != 0) return true;
  return false;
}

// Sweeps are reported for games that count them.
bool has_sweeps(const Tally& t) {
  for (const Moments& m : t.sweeps)
    if (m.n > 0) return true;
  return false;
}

// Teams of more than one seat: the seats of a team share its results.
bool partnerships(const TallyShape& s) { return s.teams < s.seats; }

}  // namespace

ojson report_json(const Tally& t) {
  const TallyShape& s = t.shape;
  ojson r;
  r["deals"] = t.deals;
  r["draws"] = {{"count", t.draws}, {"rate", rate_json(t.draws, t.deals)}};
  // Deals won by a side of several teams count for each of them: the wins
  // beyond one per deal (only games whose sides are not teams).
  if (t.shared_wins > 0) r["shared_wins"] = t.shared_wins;

  ojson teams = ojson::object();
  for (size_t i = 0; i < size_t(s.teams); ++i) {
    ojson team;
    team["deals_won"] = t.wins[i];
    team["deal_win_rate"] = rate_json(t.wins[i], t.deals);
    team["game_points_per_deal"] = mean_json(t.game_points[i]);
    team["points_per_deal"] = mean_json(t.points[i]);
    if (!s.fishing) team["tricks_per_deal"] = mean_json(t.tricks[i]);
    if (s.fishing) {
      if (any_bonus(t)) team["bonus_per_deal"] = mean_json(t.bonus[i]);
      if (has_sweeps(t)) team["sweeps_per_deal"] = mean_json(t.sweeps[i]);
      team["threshold_met_rate"] = rate_json(t.thresholds_met[i], t.deals);
    }
    team["matches_won"] = t.matches_won[i];
    team["match_win_rate"] = rate_json(t.matches_won[i], t.matches_complete);
    teams[s.team_names[i]] = team;
  }
  r["teams"] = teams;

  ojson seats = ojson::object();
  for (size_t i = 0; i < size_t(s.seats); ++i) {
    ojson seat;
    seat["team"] = s.team_names[size_t(s.team_of[i])];
    if (s.fishing) seat["cards_captured_per_deal"] = mean_json(t.seat_cards[i]);
    else seat["tricks_per_deal"] = mean_json(t.seat_tricks[i]);
    if (s.auction) {
      seat["bids_won"] = t.seat_bids[i];
      seat["bid_rate"] = rate_json(t.seat_bids[i], t.deals);
      seat["bid_made_rate"] = rate_json(t.seat_bids_made[i], t.seat_bids[i]);
    }
    seats[s.seat_names[i]] = seat;
  }
  r["seats"] = seats;

  ojson positions = ojson::array();
  for (size_t k = 0; k < size_t(s.seats); ++k)
    positions.push_back({{"position", position_name(k)},
                         {"team_win_rate", rate_json(t.position_wins[k], t.deals)},
                         {"team_game_points_per_deal", mean_json(t.position_game_points[k])}});
  r["dealer_relative"] = positions;

  ojson matches;
  matches["complete"] = t.matches_complete;
  matches["cut_at_unit_end"] = t.matches_cut;
  matches["ties"] = t.match_ties;
  matches["tie_rate"] = rate_json(t.match_ties, t.matches_complete);
  Moments length;
  for (const auto& [v, c] : t.match_length.entries())
    length.n += c, length.sum += int64_t(v) * c, length.sum_squares += int64_t(v) * v * c;
  matches["deals_per_match"] = mean_json(length);
  r["matches"] = matches;

  ojson results = ojson::object();
  for (const auto& [name, count] : sorted_results(t))
    results[name] = {{"count", count}, {"rate", rate_json(count, t.deals)}};
  r["results"] = results;

  if (s.auction) {
    ojson contracts;
    int64_t bids = 0;
    for (const auto& b : t.bands) bids += b.bids;
    contracts["deals_with_contract"] = bids;
    ojson bands = ojson::array();
    for (size_t b = 0; b < t.bands.size(); ++b) {
      if (b == s.bands.size() && t.bands[b].bids == 0) continue;  // "other" only when it happened
      bands.push_back({{"contracts", band_name(s, b)},
                       {"count", t.bands[b].bids},
                       {"share", rate_json(t.bands[b].bids, bids)},
                       {"made_rate", rate_json(t.bands[b].made, t.bands[b].bids)},
                       {"margin", mean_json(t.bands[b].margin)}});
    }
    contracts["bands"] = bands;
    contracts["by_value"] = hist_json(t.contracts);
    if (s.declaration)
      contracts["declarations"] = {{"count", t.declared},
                                   {"rate", rate_json(t.declared, t.deals)},
                                   {"made_rate", rate_json(t.declared_made, t.declared)}};
    r["contracts"] = contracts;
  }

  ojson dist;
  auto per_team = [&](const std::vector<Histogram>& h) {
    ojson o = ojson::object();
    for (size_t i = 0; i < size_t(s.teams); ++i) o[s.team_names[i]] = hist_json(h[i]);
    return o;
  };
  dist["game_points"] = per_team(t.game_points_hist);
  dist["points"] = per_team(t.points_hist);
  if (!s.fishing) dist["tricks"] = per_team(t.tricks_hist);
  dist["match_length"] = hist_json(t.match_length);
  r["distributions"] = dist;
  r["feel"] = feel_json(t);
  return r;
}

ojson run_document_header(const char* format, int version, const RunInfo& info) {
  ojson j;
  j["format"] = format;
  j["version"] = version;
  j["ruleset"] = info.ruleset;
  j["file"] = info.file;
  j["content_hash"] = info.content_hash;
  ojson opts = ojson::object();
  for (const auto& [k, v] : info.options) opts[k] = v;
  j["options"] = opts;
  j["seed"] = info.seed;
  j["deals_requested"] = info.deals;
  return j;
}

ojson report_document(const RunInfo& info, const Tally& t) {
  ojson j = run_document_header(kReportFormat, kReportVersion, info);
  j["shard"] = {{"index", info.shard + 1}, {"count", info.shards}};
  j["match"] = {{"deals", info.match_deals}, {"target", info.match_target}};
  if (!info.seats.empty()) j["seats"] = info.seats;  // absent: random bots
  j["invariant_failures"] = t.invariant_failures;
  j["errors"] = t.errors;
  if (!t.first_failure.empty()) j["first_failure"] = t.first_failure;
  j["report"] = report_json(t);
  j["shape"] = shape_to_json(t.shape);
  j["tally"] = tally_to_json(t);
  return j;
}

ReportDocument read_report_document(const nlohmann::json& j) {
  auto need = [&](const char* key) -> const nlohmann::json& {
    if (!j.is_object() || !j.contains(key)) throw std::runtime_error(std::string("missing key '") + key + "'");
    return j.at(key);
  };
  if (!need("format").is_string() || need("format").get<std::string>() != kReportFormat)
    throw std::runtime_error("format: not a hukum simulation result");
  // Version 1 files differ only in their derived figures (no nulls, no game
  // feel); the tally they hold reads the same, so they stay readable.
  if (!need("version").is_number_integer() || need("version").get<int>() < 1 ||
      need("version").get<int>() > kReportVersion)
    throw std::runtime_error("version: expected 1 to " + std::to_string(kReportVersion) +
                             " (a newer hukum wrote this file?)");
  RunInfo info;
  try {
    info.ruleset = need("ruleset").get<std::string>();
    info.file = need("file").get<std::string>();
    info.content_hash = need("content_hash").get<std::string>();
    for (const auto& [k, v] : need("options").items()) info.options[k] = v.get<std::string>();
    info.seed = need("seed").get<uint64_t>();
    info.deals = need("deals_requested").get<long>();
    info.shard = need("shard").at("index").get<int>() - 1;
    info.shards = need("shard").at("count").get<int>();
    info.match_deals = need("match").at("deals").get<int>();
    info.match_target = need("match").at("target").get<int>();
    if (j.contains("seats")) info.seats = j.at("seats").get<std::vector<std::string>>();
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("run description: ") + e.what());
  }
  // A run requests at most kMaxSimulateDeals in at most kMaxShards shards:
  // merge keeps one entry per shard, and every count stays far from 2^63.
  if (info.shards < 1 || info.shards > kMaxShards || info.shard < 0 || info.shard >= info.shards)
    throw std::runtime_error("shard: index and count out of range (1 to " + std::to_string(kMaxShards) + " shards)");
  if (info.deals < 0 || info.deals > kMaxSimulateDeals)
    throw std::runtime_error("deals_requested: expected 0 to " + std::to_string(kMaxSimulateDeals));
  TallyShape shape = shape_from_json(need("shape"));
  // Seat kinds are printed and named in the page: only the kinds hukum has, one per seat.
  if (!info.seats.empty() && info.seats.size() != size_t(shape.seats))
    throw std::runtime_error("seats: expected one kind per seat (" + std::to_string(shape.seats) + ")");
  for (const std::string& k : info.seats)
    if (!seat_kind_problem(k).empty()) throw std::runtime_error("seats: not a seat kind hukum knows");
  Tally tally = tally_from_json(need("tally"), shape);
  if (tally.deals > info.deals)
    throw std::runtime_error("tally: " + std::to_string(tally.deals) + " deals counted of the " +
                             std::to_string(info.deals) + " requested");
  return {info, std::move(tally)};
}

// ---- Text -----------------------------------------------------------------

namespace {

std::string pct(const Estimate& e) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f%% [%.1f, %.1f]", 100 * e.value, 100 * e.low, 100 * e.high);
  return buf;
}
std::string pct_fine(const Estimate& e) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f%% [%.2f, %.2f]", 100 * e.value, 100 * e.low, 100 * e.high);
  return buf;
}
constexpr const char* kNoData = "no data";

std::string mean(const Moments& m) {
  if (m.n <= 0) return kNoData;
  const Estimate e = mean_estimate(m.n, m.sum, m.sum_squares);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f [%.2f, %.2f]", e.value, e.low, e.high);
  return buf;
}
std::string rate(int64_t hits, int64_t n) {
  if (n <= 0) return kNoData;
  const Estimate e = rate_estimate(hits, n);
  return e.value < 0.01 ? pct_fine(e) : pct(e);
}
std::string pad(const std::string& s, size_t n) { return s.size() >= n ? s + " " : s + std::string(n - s.size(), ' '); }

}  // namespace

std::string report_text(const RunInfo& info, const Tally& t) {
  const TallyShape& s = t.shape;
  std::ostringstream o;
  o << info.ruleset << ": " << t.deals << " deals, seed " << info.seed;
  if (info.shards > 1) o << ", shard " << info.shard + 1 << " of " << info.shards;
  o << "\n";
  for (const auto& [k, v] : info.options) o << "  option " << k << " = " << v << "\n";
  if (!info.seats.empty()) o << "  seats: " << seats_text(info, s.seat_names) << "\n";
  o << "Figures per deal with 95% intervals [low, high].\n";

  size_t w = 6;
  for (const auto& n : s.team_names) w = std::max(w, n.size() + 2);
  for (const auto& n : s.seat_names) w = std::max(w, n.size() + 2);
  o << (partnerships(s) ? "Teams\n" : "Players\n");
  for (size_t i = 0; i < size_t(s.teams); ++i) {
    o << "  " << pad(s.team_names[i], w) << "wins " << rate(t.wins[i], t.deals) << "  game points "
      << mean(t.game_points[i]) << "  points " << mean(t.points[i]);
    if (!s.fishing) o << "  tricks " << mean(t.tricks[i]);
    if (s.fishing && has_sweeps(t)) o << "  sweeps " << mean(t.sweeps[i]);
    o << "\n";
    if (s.fishing && !partnerships(s))
      o << "  " << pad("", w) << (any_bonus(t) ? "bonus " + mean(t.bonus[i]) + "  " : "") << "threshold met "
        << rate(t.thresholds_met[i], t.deals) << "  cards captured "
        << mean(t.seat_cards[size_t(std::find(s.team_of.begin(), s.team_of.end(), int(i)) - s.team_of.begin())])
        << "\n";
  }
  if (t.draws > 0) o << "  draws " << rate(t.draws, t.deals) << "\n";
  if (t.shared_wins > 0) o << "  (a deal a side of several players wins counts as a win for each of them)\n";

  if (partnerships(s)) {
    o << "Seats\n";
    for (size_t i = 0; i < size_t(s.seats); ++i) {
      o << "  " << pad(s.seat_names[i], w);
      if (s.fishing) o << "cards captured " << mean(t.seat_cards[i]);
      else o << "tricks " << mean(t.seat_tricks[i]);
      if (s.auction)
        o << "  wins the auction " << rate(t.seat_bids[i], t.deals) << ", makes it "
          << rate(t.seat_bids_made[i], t.seat_bids[i]);
      o << "\n";
    }
  } else if (s.auction) {
    o << "Bidders\n";
    for (size_t i = 0; i < size_t(s.seats); ++i)
      o << "  " << pad(s.seat_names[i], w) << "wins the auction " << rate(t.seat_bids[i], t.deals)
        << ", makes it " << rate(t.seat_bids_made[i], t.seat_bids[i]) << "\n";
  }

  o << "From the dealer, in play order (the team or player of that seat)\n";
  for (size_t k = 0; k < size_t(s.seats); ++k)
    o << "  " << pad(position_name(k), 10) << "wins " << rate(t.position_wins[k], t.deals) << "  game points "
      << mean(t.position_game_points[k]) << "\n";

  o << "Matches: " << t.matches_complete << " complete";
  if (t.matches_cut) o << ", " << t.matches_cut << " cut short at the end of a work unit (not counted)";
  o << "\n";
  if (t.matches_complete > 0) {
    for (size_t i = 0; i < size_t(s.teams); ++i)
      o << "  " << pad(s.team_names[i], w) << "wins " << rate(t.matches_won[i], t.matches_complete) << "\n";
    if (t.match_ties) o << "  " << pad("tied", w) << rate(t.match_ties, t.matches_complete) << "\n";
    if (info.match_deals == 0) {
      Moments length;
      for (const auto& [v, c] : t.match_length.entries())
        length.n += c, length.sum += int64_t(v) * c, length.sum_squares += int64_t(v) * v * c;
      o << "  deals per match " << mean(length) << "\n";
    }
  }

  if (s.named_results || t.results.size() > 1) {
    o << "Results\n";
    for (const auto& [name, count] : sorted_results(t))
      o << "  " << pad(name, 12) << count << "  " << rate(count, t.deals) << "\n";
  }

  if (s.auction) {
    int64_t bids = 0;
    for (const auto& b : t.bands) bids += b.bids;
    o << "Contracts (margin: the bidding side's points minus the contract)\n";
    for (size_t b = 0; b < t.bands.size(); ++b) {
      if (b == s.bands.size() && t.bands[b].bids == 0) continue;
      o << "  " << pad(band_name(s, b), 8) << "bid " << rate(t.bands[b].bids, bids);
      if (t.bands[b].bids == 0) o << "  no contracts: no data";
      else o << "  made " << rate(t.bands[b].made, t.bands[b].bids) << "  margin " << mean(t.bands[b].margin);
      o << "\n";
    }
    if (s.declaration)
      o << "  declared " << rate(t.declared, t.deals) << ", made " << rate(t.declared_made, t.declared) << "\n";
  }

  o << feel_text(t, w);
  o << "invariant failures: " << t.invariant_failures << "\n";
  o << "errors: " << t.errors << "\n";
  if (!t.first_failure.empty()) o << "first failure: " << t.first_failure << "\n";
  return o.str();
}

}  // namespace hukum
