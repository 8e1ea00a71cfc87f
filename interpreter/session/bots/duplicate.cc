// Seat-kind matches and duplicate deals (see duplicate.h).
#include "session/bots/duplicate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>
#include <mutex>
#include <thread>

#include "session/bots/agent.h"
#include "session/reports/deal_record.h"
#include "session/matches/match.h"
#include "session/matches/returns.h"
#include "session/matches/runner.h"
#include "session/matches/seat_kinds.h"
#include "session/reports/stats.h"

namespace hukum {

namespace {

// Times every decision that had a choice, for the decision-time figures.
class TimedPlayer final : public Player {
 public:
  TimedPlayer(std::unique_ptr<Player> inner, std::vector<float>* times) : inner_(std::move(inner)), times_(times) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override {
    if (legal.count() < 2) return inner_->choose(view, legal, out);
    const auto t0 = std::chrono::steady_clock::now();
    const bool ok = inner_->choose(view, legal, out);
    times_->push_back(float(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count()));
    return ok;
  }
  bool listens() const override { return inner_->listens(); }
  void told(const PlayEvent& event) override { inner_->told(event); }

 private:
  std::unique_ptr<Player> inner_;
  std::vector<float>* times_;
};

// One deal's figures per kind, averaged over its rotations.
struct DealFigures {
  std::vector<double> wins, seat_wins, margin, points;
  std::vector<std::pair<int, bool>> contracts;  // per rotation with an auction: value, made
  std::string error;
};

Interval interval_of(const std::vector<double>& xs) {
  Interval out;
  if (xs.empty()) return out;
  double sum = 0;
  for (double x : xs) sum += x;
  out.mean = sum / double(xs.size());
  double var = 0;
  for (double x : xs) var += (x - out.mean) * (x - out.mean);
  const double sd = xs.size() > 1 ? std::sqrt(var / double(xs.size() - 1)) : 0.0;
  const double half = 1.96 * sd / std::sqrt(double(xs.size()));
  out.low = out.mean - half, out.high = out.mean + half;
  return out;
}

// A share in [0, 1] (deals won, a draw counting a half): the bounded interval
// of session/reports/stats.h, never below 0 or above 1, never [0, 0] for 0 of n.
Interval share_interval_of(const std::vector<double>& xs) {
  double sum = 0, squares = 0;
  for (double x : xs) sum += x, squares += x * x;
  const Estimate e = bounded_mean_estimate(double(xs.size()), sum, squares);
  return {e.value, e.low, e.high};
}

}  // namespace

SeatsReport play_seats(const Ruleset& rules, const std::vector<std::string>& kinds, long deals, uint64_t seed,
                       bool duplicate, int threads, const SimulationHooks& hooks, CoverageTally* coverage) {
  const auto& progress = hooks.progress;
  const bool want_rows = hooks.format && hooks.write;
  std::vector<std::string> distinct;
  for (const auto& k : kinds)
    if (std::find(distinct.begin(), distinct.end(), k) == distinct.end()) distinct.push_back(k);
  const int n = rules.seats;
  // Rotate until the list repeats: A,B,A,B needs 2 rotations, A,B,C,D needs 4.
  int rotations = 1;
  if (duplicate)
    for (rotations = 1; rotations < n; ++rotations) {
      bool same = true;
      for (int s = 0; s < n; ++s) same = same && kinds[size_t(s)] == kinds[size_t((s + rotations) % n)];
      if (same) break;
    }
  const size_t K = distinct.size();
  std::vector<DealFigures> figures(static_cast<size_t>(deals));
  std::vector<std::vector<float>> times(K);
  std::mutex merge;
  std::atomic<long> next{0}, done{0};
  std::string load_error;
  // Rows reach the writer in deal order, whatever order the threads finish in.
  std::mutex rows_mutex;
  std::map<long, std::string> pending_rows;
  long next_row = 0;
  const std::vector<CoverageRule> catalogue = coverage ? coverage_rules(rules) : std::vector<CoverageRule>{};
  if (coverage) *coverage = coverage_tally(catalogue);

  auto worker = [&] {
    std::vector<std::vector<float>> my_times(K);
    // One program per agent place in the list for the whole run on this
    // thread: it follows its place through the rotations.
    AgentPool agents(std::cerr, agent_timeout_ms());
    Match match(rules, seed, 1);
    if (!match.ok()) {
      std::lock_guard lock(merge);
      load_error = match.load_problems().to_string();
      return;
    }
    std::unique_ptr<CoverageCounter> counter;
    if (coverage) counter = std::make_unique<CoverageCounter>(rules, &catalogue, &match.state());
    for (long i; (i = next.fetch_add(1)) < deals;) {
      DealFigures& f = figures[size_t(i)];
      f.wins.assign(K, 0), f.seat_wins.assign(K, 0), f.margin.assign(K, 0), f.points.assign(K, 0);
      const uint64_t deal_seed = Rng::derive(seed, uint64_t(i));
      std::string rows;
      for (int r = 0; r < rotations && f.error.empty(); ++r) {
        std::vector<size_t> kind_of(static_cast<size_t>(n));
        std::vector<std::unique_ptr<Player>> owned;
        std::vector<Player*> players;
        for (int s = 0; s < n; ++s) {
          const std::string& k = kinds[size_t((s + r) % n)];
          kind_of[size_t(s)] = size_t(std::find(distinct.begin(), distinct.end(), k) - distinct.begin());
          static std::istringstream no_input;
          SeatSetup setup;
          setup.seed = Rng::derive(deal_seed, 0xB07 + uint64_t(s)), setup.in = &no_input, setup.out = &std::cerr;
          setup.agents = &agents, setup.rules = &rules, setup.slot = (s + r) % n;
          std::unique_ptr<Player> p = make_seat_player(k, setup);
          owned.push_back(std::make_unique<TimedPlayer>(std::move(p), &my_times[kind_of[size_t(s)]]));
          if (counter) owned.push_back(std::make_unique<CoveragePlayer>(owned.back().get(), counter.get()));
          players.push_back(owned.back().get());
        }
        match.restart(deal_seed, 1);
        RunHooks run_hooks;
        run_hooks.deal_done = [&](const Match& m) {
          if (counter) counter->deal_done();
          const DealResult& res = m.state().result();
          if (want_rows) {
            DealRecord d = record_deal(m.state(), m.dealer());
            d.match_seed = deal_seed, d.unit = i, d.match = r, d.deal = 0;
            hooks.format(rows, d);
          }
          std::vector<double> gp(K, 0), pts(K, 0), seats_won(K, 0);
          std::vector<int> held(K, 0);
          for (int s = 0; s < n; ++s) {
            const size_t t = rules.team_of[size_t(s)], k = kind_of[size_t(s)];
            ++held[k];
            if (t < res.game_points.size()) gp[k] += res.game_points[t];
            if (t < res.points.size()) pts[k] += res.points[t];
          }
          const std::vector<bool> won = deal_winners(rules, res);
          int winner_kind = -1;  // -2: mixed
          for (int s = 0; s < n; ++s) {
            if (!won[size_t(s)]) continue;
            const int k = int(kind_of[size_t(s)]);
            seats_won[size_t(k)] += 1;
            winner_kind = winner_kind == -1 || winner_kind == k ? k : -2;
          }
          for (size_t k = 0; k < K; ++k) {
            const double w = winner_kind < 0 ? 0.5 : winner_kind == int(k) ? 1.0 : 0.0;
            double other_gp = 0, other_pts = 0;
            int other_held = 0;
            for (size_t o = 0; o < K; ++o)
              if (o != k) other_gp += gp[o], other_pts += pts[o], other_held += held[o];
            f.wins[k] += w / rotations;
            if (held[k] > 0) f.seat_wins[k] += seats_won[k] / held[k] / rotations;
            if (held[k] > 0 && other_held > 0) {
              f.margin[k] += (gp[k] / held[k] - other_gp / other_held) / rotations;
              f.points[k] += (pts[k] / held[k] - other_pts / other_held) / rotations;
            }
          }
          if (res.bidder >= 0) {
            f.contracts.emplace_back(res.contract, res.won_by(int(rules.team_of[size_t(res.bidder)])));
          }
        };
        RunResult run = run_match(match, players, run_hooks);
        if (run.outcome != RunOutcome::Finished)
          f.error = "deal " + std::to_string(i) + " rotation " + std::to_string(r) + ": " +
                    (run.error.empty() ? "a player stopped" : run.error);
      }
      if (want_rows) {
        std::lock_guard lock(rows_mutex);
        pending_rows.emplace(i, std::move(rows));
        for (auto it = pending_rows.begin(); it != pending_rows.end() && it->first == next_row;
             it = pending_rows.erase(it), ++next_row)
          hooks.write(it->second);
      }
      const long d = done.fetch_add(1) + 1;
      if (progress && d % 16 == 0) progress(d);
    }
    std::lock_guard lock(merge);
    for (size_t k = 0; k < K; ++k) times[k].insert(times[k].end(), my_times[k].begin(), my_times[k].end());
    if (counter) coverage->merge(counter->tally());
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();

  SeatsReport out;
  out.rotations = rotations;
  if (!load_error.empty()) {
    out.errors = 1;
    out.first_error = load_error;
    return out;
  }
  std::vector<std::vector<double>> wins(K), seat_wins(K), margin(K), points(K);
  std::vector<double> seat_win_difference;
  for (long i = 0; i < deals; ++i) {
    const DealFigures& f = figures[size_t(i)];
    if (!f.error.empty()) {
      if (out.errors++ == 0) out.first_error = f.error;
      continue;
    }
    ++out.deals;
    for (size_t k = 0; k < K; ++k) wins[k].push_back(f.wins[k]), margin[k].push_back(f.margin[k]), points[k].push_back(f.points[k]);
    for (size_t k = 0; k < K; ++k) seat_wins[k].push_back(f.seat_wins[k]);
    if (K == 2) seat_win_difference.push_back(f.seat_wins[0] - f.seat_wins[1]);
    for (const auto& [value, made] : f.contracts) {
      ++out.contracts;
      out.contracts_made += made;
      ++out.contract_values[value];
    }
  }
  for (size_t k = 0; k < K; ++k) {
    KindResult kr;
    kr.kind = distinct[k];
    for (const auto& s : kinds) kr.seats_held += s == distinct[k];
    kr.deal_wins = share_interval_of(wins[k]);
    kr.seat_wins = share_interval_of(seat_wins[k]);
    kr.margin = interval_of(margin[k]);
    kr.card_points = interval_of(points[k]);
    std::vector<float>& t = times[k];
    kr.decisions = long(t.size());
    if (!t.empty()) {
      // Percentiles by rank (nearest rank), on the sorted times.
      std::sort(t.begin(), t.end());
      auto at = [&](double q) { return double(t[std::min(t.size() - 1, size_t(q * double(t.size())))]); };
      kr.median_decision_ms = at(0.5), kr.p90_decision_ms = at(0.9), kr.p99_decision_ms = at(0.99);
      kr.max_decision_ms = t.back();
    }
    out.kinds.push_back(kr);
  }
  if (K == 2) out.seat_win_difference = interval_of(seat_win_difference);
  return out;
}

}  // namespace hukum
