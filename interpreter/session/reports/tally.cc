// Integer totals of a simulation and their JSON form (see tally.h).
#include "session/reports/tally.h"
#include "session/reports/tally_check.h"
#include "session/reports/tally_reader.h"
#include "ruleset/step_kind.h"
#include "core/run_limits.h"

#include <algorithm>
#include <stdexcept>

namespace hukum {

void Histogram::add(int value, int64_t count) {
  if (counts_.empty()) {
    lowest_ = value;
    counts_.assign(1, 0);
  } else if (value < lowest_) {
    counts_.insert(counts_.begin(), size_t(lowest_ - value), 0);
    lowest_ = value;
  } else if (size_t(value - lowest_) >= counts_.size()) {
    counts_.resize(size_t(value - lowest_) + 1, 0);
  }
  counts_[size_t(value - lowest_)] += count;
}

void Histogram::merge(const Histogram& o) {
  for (const auto& [v, c] : o.entries()) add(v, c);
}

std::vector<std::pair<int, int64_t>> Histogram::entries() const {
  std::vector<std::pair<int, int64_t>> out;
  for (size_t i = 0; i < counts_.size(); ++i)
    if (counts_[i] != 0) out.emplace_back(lowest_ + int(i), counts_[i]);
  return out;
}

int64_t Histogram::total() const {
  int64_t n = 0;
  for (int64_t c : counts_) n += c;
  return n;
}

TallyShape shape_of(const Ruleset& rules) {
  TallyShape s;
  s.fishing = rules.family == Family::Fishing;
  s.seats = rules.seats;
  s.teams = rules.teams;
  s.seat_names = rules.seat_names;
  s.team_names = rules.team_names;
  for (int i = 0; i < rules.seats; ++i) s.team_of.push_back(rules.team_of[size_t(i)]);
  for (const DealStep& step : rules.deal) {
    s.auction |= engine_bid_range(step);  // an auction of bids (the contract report)
    s.declaration |= step.kind == DealStep::Kind::Declare;
  }
  for (const ContractBand& b : rules.result.contract) s.bands.emplace_back(b.low, b.high);
  s.named_results = !rules.result.named.empty();
  return s;
}

Tally::Tally(const TallyShape& sh) : shape(sh) {
  const size_t teams = size_t(sh.teams), seats = size_t(sh.seats);
  matches_won.assign(teams, 0);
  wins.assign(teams, 0);
  thresholds_met.assign(teams, 0);
  for (auto* v : {&points, &tricks, &game_points, &bonus, &sweeps}) v->assign(teams, {});
  for (auto* v : {&points_hist, &tricks_hist, &game_points_hist}) v->assign(teams, {});
  seat_tricks.assign(seats, {});
  seat_cards.assign(seats, {});
  position_wins.assign(seats, 0);
  position_game_points.assign(seats, {});
  bands.assign(sh.bands.size() + 1, {});
  seat_bids.assign(seats, 0);
  seat_bids_made.assign(seats, 0);
  feel.resize(sh.seats);
}

namespace {

int histogram_score(int v) { return std::clamp(v, -kMaxHistogramScore, kMaxHistogramScore); }

}  // namespace

bool Tally::add_deal(const DealRecord& d) {
  bool fits = true;
  ++deals;
  if (d.winner_team >= 0) {
    ++wins[size_t(d.winner_team)];
  } else if (d.winner_teams != 0) {  // a side of several teams: a win for each, the extra ones counted apart
    int n = 0;
    for (size_t t = 0; t < size_t(shape.teams); ++t)
      if ((d.winner_teams >> t) & 1u) ++wins[t], ++n;
    shared_wins += n - 1;
  } else {
    ++draws;
  }
  const std::string& name = *d.name;
  bool found = false;
  for (auto& [n, c] : results)
    if (n == name) {
      ++c, found = true;
      break;
    }
  if (!found) results.emplace_back(name, 1);
  for (size_t t = 0; t < size_t(shape.teams); ++t) {
    fits &= points[t].add(d.points[t]);
    points_hist[t].add(histogram_score(d.points[t]));
    fits &= game_points[t].add(d.game_points[t]);
    game_points_hist[t].add(histogram_score(d.game_points[t]));
    if (shape.fishing) {
      fits &= bonus[t].add(d.bonus[t]);
      thresholds_met[t] += d.threshold_met[t];
      if (d.has_sweeps) fits &= sweeps[t].add(d.sweeps[t]);
    } else {
      fits &= tricks[t].add(d.tricks[t]);
      tricks_hist[t].add(histogram_score(d.tricks[t]));
    }
  }
  for (size_t s = 0; s < size_t(shape.seats); ++s) {
    if (shape.fishing) fits &= seat_cards[s].add(d.seat_cards[s]);
    else fits &= seat_tricks[s].add(d.seat_tricks[s]);
    const int team = shape.team_of[size_t(d.order[s])];
    if (d.won_by(team)) ++position_wins[s];
    fits &= position_game_points[s].add(d.game_points[size_t(team)]);
  }
  feel.add_deal(d.decisions);
  if (d.bidder >= 0) {
    const int team = shape.team_of[size_t(d.bidder)];
    const bool made = d.won_by(team);
    size_t band = shape.bands.size();
    for (size_t b = 0; b < shape.bands.size(); ++b)
      if (d.contract >= shape.bands[b].first && d.contract <= shape.bands[b].second) band = b;
    ++bands[band].bids;
    bands[band].made += made;
    fits &= bands[band].margin.add(int64_t(d.points[size_t(team)]) - d.contract);
    contracts.add(histogram_score(d.contract));
    ++seat_bids[size_t(d.bidder)];
    seat_bids_made[size_t(d.bidder)] += made;
    if (d.declared) ++declared, declared_made += made;
  }
  return fits;
}

void Tally::add_match(bool complete, int deals_in_match, int leading_team, const MatchFeel& course) {
  if (!complete) {
    ++matches_cut;
    return;
  }
  ++matches_complete;
  feel.add_match(course);
  match_length.add(deals_in_match);
  if (leading_team < 0) ++match_ties;
  else ++matches_won[size_t(leading_team)];
}

void Tally::add_failure(long unit, bool broken_invariant, const std::string& message) {
  ++(broken_invariant ? invariant_failures : errors);
  if (first_failure_unit < 0 || unit < first_failure_unit) first_failure_unit = unit, first_failure = message;
}

void Tally::merge(const Tally& o) {
  deals += o.deals, draws += o.draws, shared_wins += o.shared_wins;
  matches_complete += o.matches_complete, matches_cut += o.matches_cut, match_ties += o.match_ties;
  match_length.merge(o.match_length);
  for (size_t t = 0; t < wins.size(); ++t) {
    matches_won[t] += o.matches_won[t];
    wins[t] += o.wins[t];
    thresholds_met[t] += o.thresholds_met[t];
    points[t].merge(o.points[t]);
    tricks[t].merge(o.tricks[t]);
    game_points[t].merge(o.game_points[t]);
    bonus[t].merge(o.bonus[t]);
    sweeps[t].merge(o.sweeps[t]);
    points_hist[t].merge(o.points_hist[t]);
    tricks_hist[t].merge(o.tricks_hist[t]);
    game_points_hist[t].merge(o.game_points_hist[t]);
  }
  for (size_t s = 0; s < seat_tricks.size(); ++s) {
    seat_tricks[s].merge(o.seat_tricks[s]);
    seat_cards[s].merge(o.seat_cards[s]);
    position_wins[s] += o.position_wins[s];
    position_game_points[s].merge(o.position_game_points[s]);
    seat_bids[s] += o.seat_bids[s];
    seat_bids_made[s] += o.seat_bids_made[s];
  }
  for (const auto& [name, count] : o.results) {
    bool found = false;
    for (auto& [n, c] : results)
      if (n == name) {
        c += count, found = true;
        break;
      }
    if (!found) results.emplace_back(name, count);
  }
  for (size_t b = 0; b < bands.size(); ++b) {
    bands[b].bids += o.bands[b].bids;
    bands[b].made += o.bands[b].made;
    bands[b].margin.merge(o.bands[b].margin);
  }
  contracts.merge(o.contracts);
  declared += o.declared, declared_made += o.declared_made;
  feel.merge(o.feel);
  invariant_failures += o.invariant_failures, errors += o.errors;
  if (o.first_failure_unit >= 0 && (first_failure_unit < 0 || o.first_failure_unit < first_failure_unit))
    first_failure_unit = o.first_failure_unit, first_failure = o.first_failure;
}

// ---- JSON -----------------------------------------------------------------

namespace {

using ojson = nlohmann::ordered_json;

ojson moments_json(const Moments& m) { return ojson::array({m.n, m.sum, m.sum_squares}); }

ojson hist_json(const Histogram& h) {
  ojson a = ojson::array();
  for (const auto& [v, c] : h.entries()) a.push_back(ojson::array({v, c}));
  return a;
}

template <class T, class F>
ojson each(const std::vector<T>& v, F f) {
  ojson a = ojson::array();
  for (const auto& x : v) a.push_back(f(x));
  return a;
}

}  // namespace

ojson shape_to_json(const TallyShape& s) {
  ojson j;
  j["family"] = s.fishing ? "fishing" : "trick_taking";
  j["seats"] = s.seat_names;
  j["teams"] = s.team_names;
  j["team_of"] = s.team_of;
  j["auction"] = s.auction;
  j["declaration"] = s.declaration;
  j["contract_bands"] = each(s.bands, [](const auto& b) { return ojson::array({b.first, b.second}); });
  j["named_results"] = s.named_results;
  return j;
}

TallyShape shape_from_json(const nlohmann::json& json) {
  TallyReader j{"shape", json};
  TallyShape s;
  const std::string family = j.at("family").string();
  if (family != "fishing" && family != "trick_taking") j.at("family").fail("expected fishing or trick_taking");
  s.fishing = family == "fishing";
  TallyReader seats = j.at("seats"), teams = j.at("teams");
  s.seats = int(seats.size());
  s.teams = int(teams.size());
  if (s.seats < 1 || s.seats > kMaxSeats) seats.fail("expected 1 to 8 seats");
  if (s.teams < 1 || s.teams > s.seats) teams.fail("expected 1 team to one per seat");
  for (size_t i = 0; i < size_t(s.seats); ++i) s.seat_names.push_back(seats.at(i).string());
  for (size_t i = 0; i < size_t(s.teams); ++i) s.team_names.push_back(teams.at(i).string());
  TallyReader team_of = j.at("team_of");
  if (team_of.size() != size_t(s.seats)) team_of.fail("expected one team per seat");
  for (size_t i = 0; i < size_t(s.seats); ++i) s.team_of.push_back(int(team_of.at(i).integer(0, s.teams - 1)));
  // The report looks up each team's seats: a team with none is no ruleset's.
  for (int t = 0; t < s.teams; ++t)
    if (std::find(s.team_of.begin(), s.team_of.end(), t) == s.team_of.end())
      team_of.fail("team " + std::to_string(t + 1) + " has no seat");
  s.auction = j.at("auction").boolean();
  s.declaration = j.at("declaration").boolean();
  TallyReader bands = j.at("contract_bands");
  for (size_t i = 0; i < bands.size(); ++i) {
    TallyReader b = bands.at(i);
    if (b.size() != 2) b.fail("expected [low, high]");
    s.bands.emplace_back(int(b.at(0).integer(INT32_MIN, INT32_MAX)), int(b.at(1).integer(INT32_MIN, INT32_MAX)));
  }
  s.named_results = j.at("named_results").boolean();
  return s;
}

ojson tally_to_json(const Tally& t) {
  ojson j;
  j["deals"] = t.deals;
  j["draws"] = t.draws;
  if (t.shared_wins > 0) j["shared_wins"] = t.shared_wins;  // only games whose sides of several teams win
  j["matches_complete"] = t.matches_complete;
  j["matches_cut"] = t.matches_cut;
  j["match_ties"] = t.match_ties;
  j["matches_won"] = t.matches_won;
  j["match_length"] = hist_json(t.match_length);
  j["wins"] = t.wins;
  j["thresholds_met"] = t.thresholds_met;
  j["points"] = each(t.points, moments_json);
  j["tricks"] = each(t.tricks, moments_json);
  j["game_points"] = each(t.game_points, moments_json);
  j["bonus"] = each(t.bonus, moments_json);
  if (std::any_of(t.sweeps.begin(), t.sweeps.end(), [](const Moments& m) { return m.n > 0; }))
    j["sweeps"] = each(t.sweeps, moments_json);  // only games with sweeps: other tallies read as before
  j["points_hist"] = each(t.points_hist, hist_json);
  j["tricks_hist"] = each(t.tricks_hist, hist_json);
  j["game_points_hist"] = each(t.game_points_hist, hist_json);
  j["seat_tricks"] = each(t.seat_tricks, moments_json);
  j["seat_cards"] = each(t.seat_cards, moments_json);
  j["position_wins"] = t.position_wins;
  j["position_game_points"] = each(t.position_game_points, moments_json);
  auto results = t.results;  // in name order: the order of first sight depends on threads
  std::sort(results.begin(), results.end());
  j["results"] = each(results, [](const auto& r) { return ojson::array({r.first, r.second}); });
  j["bands"] = each(t.bands, [](const Tally::Band& b) { return ojson::array({b.bids, b.made, moments_json(b.margin)}); });
  j["contracts"] = hist_json(t.contracts);
  j["seat_bids"] = t.seat_bids;
  j["seat_bids_made"] = t.seat_bids_made;
  j["declared"] = t.declared;
  j["declared_made"] = t.declared_made;
  if (t.feel.measured) j["feel"] = feel_tally_to_json(t.feel);
  j["invariant_failures"] = t.invariant_failures;
  j["errors"] = t.errors;
  j["first_failure_unit"] = t.first_failure_unit;
  j["first_failure"] = t.first_failure;
  return j;
}

Tally tally_from_json(const nlohmann::json& json, const TallyShape& shape) {
  TallyReader j{"tally", json};
  Tally t(shape);
  const size_t teams = size_t(shape.teams), seats = size_t(shape.seats);
  auto moments = [](const TallyReader& r) { return r.moments(); };
  auto histogram = [](const TallyReader& r) { return r.histogram(); };
  t.deals = j.at("deals").integer();
  t.draws = j.at("draws").integer();
  if (json.is_object() && json.contains("shared_wins")) t.shared_wins = j.at("shared_wins").integer();
  t.matches_complete = j.at("matches_complete").integer();
  t.matches_cut = j.at("matches_cut").integer();
  t.match_ties = j.at("match_ties").integer();
  t.matches_won = j.at("matches_won").integers(teams);
  // Bounded for the dense array; a length below 1 is read so that the tally's
  // check can say what is wrong with it ("a match length of -5 deals").
  t.match_length = j.at("match_length").histogram(-kMaxMatchDeals, kMaxMatchDeals);
  t.wins = j.at("wins").integers(teams);
  t.thresholds_met = j.at("thresholds_met").integers(teams);
  t.points = j.at("points").list<Moments>(teams, moments);
  t.tricks = j.at("tricks").list<Moments>(teams, moments);
  t.game_points = j.at("game_points").list<Moments>(teams, moments);
  t.bonus = j.at("bonus").list<Moments>(teams, moments);
  if (json.is_object() && json.contains("sweeps")) t.sweeps = j.at("sweeps").list<Moments>(teams, moments);
  t.points_hist = j.at("points_hist").list<Histogram>(teams, histogram);
  t.tricks_hist = j.at("tricks_hist").list<Histogram>(teams, histogram);
  t.game_points_hist = j.at("game_points_hist").list<Histogram>(teams, histogram);
  t.seat_tricks = j.at("seat_tricks").list<Moments>(seats, moments);
  t.seat_cards = j.at("seat_cards").list<Moments>(seats, moments);
  t.position_wins = j.at("position_wins").integers(seats);
  t.position_game_points = j.at("position_game_points").list<Moments>(seats, moments);
  TallyReader results = j.at("results");
  for (size_t i = 0; i < results.size(); ++i) {
    TallyReader r = results.at(i);
    if (r.size() != 2) r.fail("expected [name, count]");
    t.results.emplace_back(r.at(0).string(), r.at(1).integer());
  }
  TallyReader bands = j.at("bands");
  if (bands.size() != t.bands.size()) bands.fail("expected " + std::to_string(t.bands.size()) + " entries");
  for (size_t b = 0; b < t.bands.size(); ++b) {
    TallyReader e = bands.at(b);
    if (e.size() != 3) e.fail("expected [bids, made, margin]");
    t.bands[b] = {e.at(0).integer(), e.at(1).integer(), e.at(2).moments()};
  }
  t.contracts = j.at("contracts").histogram();
  t.seat_bids = j.at("seat_bids").integers(seats);
  t.seat_bids_made = j.at("seat_bids_made").integers(seats);
  t.declared = j.at("declared").integer();
  t.declared_made = j.at("declared_made").integer();
  // Version 1 files have no game-feel totals: the report then says nothing of them.
  if (json.is_object() && json.contains("feel")) t.feel = feel_tally_from_json(json.at("feel"), shape.seats);
  else t.feel.measured = false;
  t.invariant_failures = j.at("invariant_failures").integer();
  t.errors = j.at("errors").integer();
  t.first_failure_unit = long(j.at("first_failure_unit").integer(-1));
  t.first_failure = j.at("first_failure").string();
  if (std::string why = tally_inconsistency(t); !why.empty()) j.fail(why);
  return t;
}

}  // namespace hukum
