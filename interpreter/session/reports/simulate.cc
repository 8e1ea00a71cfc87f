// The simulation loop: units of matches on worker threads (see simulate.h).
#include "session/reports/simulate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <iostream>
#include <sstream>
#include <thread>
#include <type_traits>

#include "engine/invariants.h"
#include "session/bots/agent.h"
#include "session/matches/runner.h"
#include "session/matches/seat_kinds.h"

namespace hukum {

UnitSlice unit_slice(const Ruleset& rules, const SimulationPlan& plan) {
  UnitSlice s;
  // About 50 deals of whole matches: each unit builds one table (and, with
  // hooks, one Lua state), so a unit of a single short match would spend more
  // on starting up than on playing.
  const long match = rules.match.deals;
  s.per_unit = match > 0 ? match * std::max(1L, 50 / match) : 50;
  s.units = (plan.deals + s.per_unit - 1) / s.per_unit;
  s.first_unit = s.units * plan.shard / plan.shards;
  s.end_unit = s.units * (plan.shard + 1) / plan.shards;
  const long first_deal = s.first_unit * s.per_unit;
  const long end_deal = std::min(plan.deals, s.end_unit * s.per_unit);
  s.deals = std::max(0L, end_deal - first_deal);
  return s;
}

namespace {

// A match ended by the ruleset's own rule, not by its unit running out of deals.
bool ended_naturally(const Ruleset& rules, const Match& match) {
  if (match.ended_by_hook()) return true;
  if (rules.match.deals > 0 && match.deals_played() >= rules.match.deals) return true;
  if (rules.match.target > 0)
    for (int s : match.scores())
      if (s >= rules.match.target) return true;
  return false;
}

// Hands each unit's rows to the writer in unit order, whatever order the
// threads finish them in.
class OrderedRows {
 public:
  OrderedRows(long first, const std::function<void(const std::string&)>& write) : next_(first), write_(write) {}
  void done(long unit, std::string rows) {
    std::lock_guard lock(mutex_);
    pending_.emplace(unit, std::move(rows));
    for (auto it = pending_.begin(); it != pending_.end() && it->first == next_; it = pending_.erase(it), ++next_)
      write_(it->second);
  }

 private:
  std::mutex mutex_;
  long next_;
  std::map<long, std::string> pending_;
  const std::function<void(const std::string&)>& write_;
};

// Asks the player of a seat and counts the decision and its legal answers
// (game_feel.h). `Inner` is RandomPlayer held by value, so that the plain
// simulation calls it directly (the class is final): counting costs a few
// additions a turn, not another virtual call.
template <class Inner>
class Counted final : public Player {
 public:
  Counted(Inner inner, int seat, DecisionCounts* counts) : inner_(std::move(inner)), seat_(seat), counts_(counts) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override {
    const int n = legal.count();  // not inlined: counted once for both
    counts_->add(seat_, n);
    if constexpr (std::is_same_v<Inner, std::unique_ptr<Player>>) {
      return inner_->choose(view, legal, out);
    } else {
      *out = inner_.pick(legal, n);
      return true;
    }
  }
  bool listens() const override {
    if constexpr (std::is_same_v<Inner, std::unique_ptr<Player>>) return inner_->listens();
    return false;
  }
  void told(const PlayEvent& event) override {
    if constexpr (std::is_same_v<Inner, std::unique_ptr<Player>>) inner_->told(event);
  }

 private:
  Inner inner_;
  int seat_;
  DecisionCounts* counts_;
};

// The players of one match: random bots, or the plan's seat kinds, each
// seeded from the match seed and its seat (so that two variants played on the
// same units meet the same bots). Outside agents come from `agents`, the
// thread's programs, one per seat for the whole run.
std::vector<std::unique_ptr<Player>> match_players(const Ruleset& rules, const SimulationPlan& plan,
                                                   uint64_t match_seed, DecisionCounts* counts, AgentPool* agents) {
  std::vector<std::unique_ptr<Player>> players;
  for (int s = 0; s < rules.seats; ++s) {
    const uint64_t seed = Rng::derive(match_seed, 0xB07 + uint64_t(s));
    if (plan.seats.empty()) {
      players.push_back(std::make_unique<Counted<RandomPlayer>>(RandomPlayer(seed), s, counts));
    } else {
      static std::istringstream no_input;  // simulate has no person at the table (checked by the command)
      SeatSetup setup;
      setup.seed = seed, setup.in = &no_input, setup.out = &std::cerr;
      setup.agents = agents, setup.rules = &rules, setup.slot = s;
      players.push_back(std::make_unique<Counted<std::unique_ptr<Player>>>(
          make_seat_player(plan.seats[size_t(s)], setup), s, counts));
    }
  }
  return players;
}

// Plays unit `j` of the plan (`per_unit` deals a unit) into `mine`: its
// matches, the invariant checks, each deal's row (`rows`, when given) and its
// paired values (`values`, when given). Returns the hooks' load problems, or "".
std::string play_unit(const Ruleset& rules, const SimulationPlan& plan, long per_unit, long j, Tally& mine,
                      const SimulationHooks* rows, std::string* buffer, const PairedTally* paired, bool b_side,
                      std::vector<std::vector<int64_t>>* values, AgentPool* agents,
                      const std::vector<CoverageRule>* catalogue = nullptr, CoverageTally* coverage = nullptr) {
  // A fresh table (and Lua state) per unit: what a hook remembers cannot
  // leak from one unit into another, whichever thread plays them.
  Match match(rules, plan.seed, 1);
  if (!match.ok()) return match.load_problems().to_string();
  std::unique_ptr<CoverageCounter> counter;
  if (coverage) counter = std::make_unique<CoverageCounter>(rules, catalogue, &match.state());
  // Unit j plays exactly its share of deals, in as many matches as that takes.
  const long length = std::min(per_unit, plan.deals - j * per_unit);
  const uint64_t unit_seed = Rng::derive(plan.seed, uint64_t(j));
  std::string failure;
  bool broken_invariant = false;
  DecisionCounts counts;
  MatchCourse course;
  std::vector<int> totals;
  for (long played = 0, k = 0; played < length && failure.empty(); ++k) {
    const uint64_t match_seed = Rng::derive(unit_seed, uint64_t(k));
    // A match of a fixed length plays that length (a unit holds whole
    // matches); a match to a target plays on to the end of the unit.
    const long left = length - played;
    match.restart(match_seed, int(rules.match.deals > 0 ? std::min<long>(left, rules.match.deals) : left));
    std::vector<std::unique_ptr<Player>> owned = match_players(rules, plan, match_seed, &counts, agents);
    std::vector<Player*> players;
    for (auto& p : owned) players.push_back(p.get());
    std::vector<std::unique_ptr<Player>> covering;
    if (counter)
      for (auto& p : players) covering.push_back(std::make_unique<CoveragePlayer>(p, counter.get())), p = covering.back().get();
    course.start(rules.teams, rules.match.lowest_wins);
    RunHooks run_hooks;
    run_hooks.deal_done = [&](const Match& m) {
      const GameState& st = m.state();
      if (auto err = check_deal_end(st); !err.empty() && failure.empty())
        broken_invariant = true, failure = "unit " + std::to_string(j) + " match " + std::to_string(k) +
                                           " deal " + std::to_string(m.deals_played() + 1) + ": " + err;
      if (counter) counter->deal_done();
      DealRecord d = record_deal(st, m.dealer());
      d.match_seed = match_seed, d.unit = j, d.match = int(k), d.deal = m.deals_played();
      d.decisions = counts;
      counts = {};
      if (!mine.add_deal(d) && failure.empty())
        failure = "unit " + std::to_string(j) + " match " + std::to_string(k) + " deal " +
                  std::to_string(m.deals_played() + 1) + ": the scores pass what a tally holds (a sum of squares past 2^63)";
      if (rows) rows->format(*buffer, d);
      if (values) values->push_back(paired->values(d, b_side));
      // The match totals once this deal counts (deal_done comes before finish_deal adds it).
      totals = m.scores();
      for (size_t t = 0; t < totals.size() && t < st.result().game_points.size(); ++t)
        totals[t] += st.result().game_points[t];
      course.deal_done(totals);
    };
    RunResult run = run_match(match, players, run_hooks);
    played += match.deals_played();
    if (run.outcome == RunOutcome::Failed && failure.empty())
      failure = "unit " + std::to_string(j) + " match " + std::to_string(k) + ": " + run.error;
    if (match.deals_played() == 0 && failure.empty()) failure = "a match ended without a deal";
    if (failure.empty())
      mine.add_match(ended_naturally(rules, match), match.deals_played(), match.leading_team(),
                     course.finish(match.leading_team()));
  }
  // A broken invariant is an engine or ruleset bug; an error stopped the
  // match (a hook failed, no legal action): both fail the simulation.
  if (!failure.empty()) mine.add_failure(j, broken_invariant, failure);
  if (counter) coverage->merge(counter->tally());
  return {};
}

// Runs `worker` on plan.threads threads while a helper thread reports
// progress about four times a second, so workers never wait on the terminal.
void run_workers(const SimulationPlan& plan, const std::function<void()>& worker, const SimulationHooks& hooks,
                 const std::atomic<long>& done);

}  // namespace

SimulationResult simulate(const Ruleset& rules, const SimulationPlan& plan, const SimulationHooks& hooks) {
  const TallyShape shape = shape_of(rules);
  SimulationResult result{Tally(shape), {}, {}};
  const UnitSlice slice = unit_slice(rules, plan);
  std::atomic<long> next{slice.first_unit}, done{0};
  std::mutex merge;
  OrderedRows rows(slice.first_unit, hooks.write);
  const bool want_rows = hooks.format && hooks.write;
  const std::vector<CoverageRule> catalogue = plan.coverage ? coverage_rules(rules) : std::vector<CoverageRule>{};
  if (plan.coverage) result.coverage = coverage_tally(catalogue);

  auto worker = [&] {
    Tally mine(shape);
    CoverageTally covered = coverage_tally(catalogue);
    AgentPool agents(std::cerr, agent_timeout_ms());
    std::string buffer;
    for (long j; (j = next.fetch_add(1)) < slice.end_unit;) {
      buffer.clear();
      if (std::string error = play_unit(rules, plan, slice.per_unit, j, mine, want_rows ? &hooks : nullptr, &buffer,
                                        nullptr, false, nullptr, &agents, &catalogue,
                                        plan.coverage ? &covered : nullptr);
          !error.empty()) {
        std::lock_guard lock(merge);
        result.error = error;
        next = slice.end_unit;  // the other threads stop too
        return;
      }
      if (want_rows) rows.done(j, buffer);
      done.fetch_add(std::min(slice.per_unit, plan.deals - j * slice.per_unit), std::memory_order_relaxed);
    }
    std::lock_guard lock(merge);
    result.tally.merge(mine);
    if (plan.coverage) result.coverage.merge(covered);
  };
  run_workers(plan, worker, hooks, done);
  return result;
}

PairedSimulation simulate_paired(const Ruleset& a, const Ruleset& b, const SimulationPlan& plan,
                                 const SimulationHooks& hooks) {
  const TallyShape shape_a = shape_of(a), shape_b = shape_of(b);
  PairedSimulation result{{Tally(shape_a), {}, {}}, {Tally(shape_b), {}, {}}, PairedTally(shape_a, shape_b)};
  const UnitSlice slice = unit_slice(a, plan);  // B plays A's units, so that deal i of both shares its seed
  std::atomic<long> next{slice.first_unit}, done{0};
  std::mutex merge;
  const std::vector<CoverageRule> cat_a = plan.coverage ? coverage_rules(a) : std::vector<CoverageRule>{},
                                  cat_b = plan.coverage ? coverage_rules(b) : std::vector<CoverageRule>{};
  if (plan.coverage) result.a.coverage = coverage_tally(cat_a), result.b.coverage = coverage_tally(cat_b);

  auto worker = [&] {
    Tally mine_a(shape_a), mine_b(shape_b);
    CoverageTally cov_a = coverage_tally(cat_a), cov_b = coverage_tally(cat_b);
    PairedTally mine_paired(shape_a, shape_b);
    std::vector<std::vector<int64_t>> values_a, values_b;
    AgentPool agents(std::cerr, agent_timeout_ms());  // A and B each have their own programs
    for (long j; (j = next.fetch_add(1)) < slice.end_unit;) {
      values_a.clear(), values_b.clear();
      std::string error = play_unit(a, plan, slice.per_unit, j, mine_a, nullptr, nullptr, &mine_paired, false, &values_a, &agents,
                                     &cat_a, plan.coverage ? &cov_a : nullptr);
      if (error.empty())
        error = play_unit(b, plan, slice.per_unit, j, mine_b, nullptr, nullptr, &mine_paired, true, &values_b, &agents,
                           &cat_b, plan.coverage ? &cov_b : nullptr);
      if (!error.empty()) {
        std::lock_guard lock(merge);
        result.a.error = error;
        next = slice.end_unit;
        return;
      }
      mine_paired.add_unit(values_a, values_b);
      done.fetch_add(std::min(slice.per_unit, plan.deals - j * slice.per_unit), std::memory_order_relaxed);
    }
    std::lock_guard lock(merge);
    result.a.tally.merge(mine_a);
    result.b.tally.merge(mine_b);
    result.paired.merge(mine_paired);
    if (plan.coverage) result.a.coverage.merge(cov_a), result.b.coverage.merge(cov_b);
  };
  run_workers(plan, worker, hooks, done);
  return result;
}

namespace {

void run_workers(const SimulationPlan& plan, const std::function<void()>& worker, const SimulationHooks& hooks,
                 const std::atomic<long>& done) {
  // Progress comes from a helper thread that samples the counter, so workers
  // never wait on the terminal.
  std::mutex progress_mutex;
  std::condition_variable progress_wake;
  bool finished = false;
  std::thread reporter;
  if (hooks.progress)
    reporter = std::thread([&] {
      std::unique_lock lock(progress_mutex);
      while (!progress_wake.wait_for(lock, std::chrono::milliseconds(250), [&] { return finished; }))
        hooks.progress(done.load(std::memory_order_relaxed));
    });
  std::vector<std::thread> pool;
  for (int t = 1; t < plan.threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (reporter.joinable()) {
    {
      std::lock_guard lock(progress_mutex);
      finished = true;
    }
    progress_wake.notify_one();
    reporter.join();
  }
}

}  // namespace


}  // namespace hukum
