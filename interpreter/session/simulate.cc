#include "session/simulate.h"

#include <mutex>
#include <thread>

#include "session/invariants.h"
#include "session/runner.h"

namespace hukum {

namespace {

void add_into(SimulationReport& into, const SimulationReport& part) {
  into.deals += part.deals;
  into.matches += part.matches;
  into.draws += part.draws;
  for (size_t t = 0; t < into.deals_won.size(); ++t) {
    into.deals_won[t] += part.deals_won[t];
    into.matches_won[t] += part.matches_won[t];
    into.points[t] += part.points[t];
    into.tricks[t] += part.tricks[t];
    into.game_points[t] += part.game_points[t];
    into.bonus[t] += part.bonus[t];
    into.thresholds_met[t] += part.thresholds_met[t];
  }
  for (const auto& [k, v] : part.results) into.results[k] += v;
  into.invariant_failures += part.invariant_failures;
  into.errors += part.errors;
}

SimulationReport empty_report(const Ruleset& rules) {
  SimulationReport r;
  for (auto* v : {&r.deals_won, &r.matches_won, &r.points, &r.tricks, &r.game_points, &r.bonus, &r.thresholds_met})
    v->assign(size_t(rules.teams), 0);
  return r;
}

}  // namespace

SimulationReport simulate(const Ruleset& rules, long deals, uint64_t seed, int threads,
                          const std::function<void(long)>& progress) {
  // Work is cut into units of whole matches; a unit is the ruleset's match
  // length, or 50 deals of back-to-back matches when a target score ends them.
  const long per_unit = rules.match.deals > 0 ? rules.match.deals : 50;
  const long units = (deals + per_unit - 1) / per_unit;
  std::atomic<long> next{0}, done{0};
  std::mutex merge;
  SimulationReport total = empty_report(rules);
  // Failures are reported by their match index, the lowest one wins, so the
  // message does not depend on thread timing.
  long first_failure_unit = -1;

  auto worker = [&] {
    SimulationReport mine = empty_report(rules);
    for (long j; (j = next.fetch_add(1)) < units;) {
      // Unit j plays exactly its share of deals, in as many matches as that takes
      // (a match to a target score may end after a few deals).
      const long length = std::min(per_unit, deals - j * per_unit);
      std::string failure;
      bool broken_invariant = false;
      Match match(rules, Rng::derive(seed, uint64_t(j)), 1);
      if (!match.ok()) {
        std::lock_guard lock(merge);
        total.error = match.load_problems().to_string();
        return;
      }
      for (long played = 0, k = 0; played < length && failure.empty(); ++k) {
        const uint64_t match_seed = Rng::derive(Rng::derive(seed, uint64_t(j)), uint64_t(k));
        match.restart(match_seed, int(length - played));
        std::vector<RandomPlayer> bots;
        for (int s = 0; s < rules.seats; ++s) bots.emplace_back(Rng::derive(match_seed, 0xB07 + uint64_t(s)));
        std::vector<Player*> players;
        for (auto& b : bots) players.push_back(&b);
        RunHooks hooks;
        hooks.deal_done = [&](const Match& m) {
          const GameState& st = m.state();
          const DealResult& r = st.result();
          if (auto err = check_deal_end(st); !err.empty() && failure.empty())
            broken_invariant = true, failure = "unit " + std::to_string(j) + " match " + std::to_string(k) + " deal " +
                      std::to_string(m.deals_played() + 1) + ": " + err;
          ++mine.deals;
          if (r.winner_team < 0) ++mine.draws;
          else ++mine.deals_won[size_t(r.winner_team)];
          ++mine.results[r.name];
          for (size_t t = 0; t < r.points.size(); ++t) {
            mine.points[t] += r.points[t];
            mine.tricks[t] += r.tricks[t];
            mine.game_points[t] += r.game_points[t];
            if (t < r.bonus.size()) mine.bonus[t] += r.bonus[t];
            if (t < r.threshold_met.size()) mine.thresholds_met[t] += r.threshold_met[t];
          }
          long d = done.fetch_add(1) + 1;
          if (progress && d % 4096 == 0) progress(d);
        };
        RunResult run = run_match(match, players, hooks);
        played += match.deals_played();
        ++mine.matches;
        if (match.over())
          if (int lead = match.leading_team(); lead >= 0) ++mine.matches_won[size_t(lead)];
        if (run.outcome == RunOutcome::Failed && failure.empty())
          failure = "unit " + std::to_string(j) + " match " + std::to_string(k) + ": " + run.error;
        if (match.deals_played() == 0 && failure.empty()) failure = "a match ended without a deal";
      }
      if (!failure.empty()) {
        // A broken invariant is an engine or ruleset bug; an error stopped the
        // match (a hook failed, no legal action): both fail the simulation.
        ++(broken_invariant ? mine.invariant_failures : mine.errors);
        std::lock_guard lock(merge);
        if (first_failure_unit < 0 || j < first_failure_unit) {
          first_failure_unit = j;
          total.first_failure = failure;
        }
      }
    }
    std::lock_guard lock(merge);
    add_into(total, mine);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return total;
}

}  // namespace hukum
