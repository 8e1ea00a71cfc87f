// A match: successive deals of one ruleset with the dealer rotation and the
// cumulative game points, ended by a deal count or a target score. Each deal's
// cards come from a generator derived from (seed, deal number), so a seed
// gives the same deals everywhere and a log can be replayed deal by deal.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "diag/diagnostic.h"
#include "engine/state.h"
#include "ruleset/ruleset.h"

namespace hukum {

class LuaHost;

class Match {
 public:
  // `deals` overrides the ruleset's match length when > 0.
  Match(const Ruleset& rules, uint64_t seed, int deals = 0);
  // A match on hooks already loaded (load_hooks): many matches of one ruleset
  // share one Lua state, as a bot's copies of a game do.
  Match(const Ruleset& rules, std::shared_ptr<LuaHost> hooks, uint64_t seed, int deals = 0);
  // A full, independent copy of the match in progress (totals, dealer, the
  // deal's state and its random draws); it shares the hooks and reports to no
  // event sink.
  Match(const Match& other);
  Match& operator=(const Match&) = delete;
  ~Match();

  // The ruleset's Lua hooks loaded once (null when it has none); problems go to `problems`.
  static std::shared_ptr<LuaHost> load_hooks(const Ruleset& rules, Diagnostics& problems);

  // The Lua hooks failed to load: the match cannot run.
  const Diagnostics& load_problems() const { return load_problems_; }
  bool ok() const { return load_problems_.empty(); }

  // Begins a new match on the same table (same Lua state): scores, dealer and
  // deal count start again. Simulations use it to avoid reloading hooks.
  void restart(uint64_t seed, int deals = 0);

  bool over() const;
  // Starts the next deal. Returns "" or the error that stopped it.
  std::string start_deal(const FixedDeal* fixed = nullptr);
  // After the deal is over: adds its game points, moves the dealer and runs
  // the match_over hook. Returns "" or why the match cannot go on (a total
  // would pass kMaxMatchScore, the hook failed).
  std::string finish_deal();
  // Every team's running total stays within +-kMaxMatchScore: a long match of
  // large hook scores is stopped with an error instead of wrapping an int.
  static constexpr int64_t kMaxMatchScore = 2'000'000'000;

  GameState& state() { return *state_; }
  const GameState& state() const { return *state_; }
  const Ruleset& rules() const { return rules_; }
  uint64_t seed() const { return seed_; }
  int dealer() const { return dealer_; }
  void set_dealer(int seat) { dealer_ = seat; }
  // A match already under way (scenarios start from given totals): the
  // totals per team and the deals already played.
  // `tie_break_left` > 0: the deal about to start is inside a tie-break block
  // (match.tie_break_deals) with that many deals left, itself included.
  void resume(const std::vector<int>& scores, int deals_played, int tie_break_left = 0) {
    for (size_t t = 0; t < scores_.size() && t < scores.size(); ++t) scores_[t] = scores[t];
    deals_played_ = deals_played;
    tie_break_until_ = tie_break_left > 0 ? deals_played + tie_break_left : 0;
  }
  int deals_played() const { return deals_played_; }
  bool ended_by_hook() const { return ended_by_hook_; }  // the match_over hook ended it
  int deals_limit() const { return deals_limit_; }
  const std::vector<int>& scores() const { return scores_; }
  // The team ahead at the end (-1 when tied), meaningful once over(); the
  // team the match_over hook named, when it ended the match naming one.
  int leading_team() const;

 private:
  const Ruleset& rules_;
  uint64_t seed_;
  int deals_limit_;
  std::shared_ptr<LuaHost> lua_;
  std::unique_ptr<GameState> state_;
  Diagnostics load_problems_;
  Rng deal_rng_;
  int dealer_ = 0;
  int deals_played_ = 0;
  int tie_break_until_ = 0;  // while the leaders are tied at the end: play up to this deal
  // The match ended with a named winner: the match_over hook called
  // game.end_match, or match.bidders_first decided between teams over the target.
  bool ended_by_hook_ = false;
  int winner_by_hook_ = -1;     // the team named (-1: the team ahead)
  std::vector<int> scores_;
  bool end_reached() const;  // the deal count or the target says the match is over
};

}  // namespace hukum
