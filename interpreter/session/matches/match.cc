#include "session/matches/match.h"

#include "script/lua_host.h"

namespace hukum {

std::shared_ptr<LuaHost> Match::load_hooks(const Ruleset& rules, Diagnostics& problems) {
  if (!rules.has_hooks()) return nullptr;
  auto lua = std::make_shared<LuaHost>();
  lua->load(rules, problems);
  return lua;
}

Match::Match(const Ruleset& rules, uint64_t seed, int deals) : Match(rules, nullptr, seed, deals) {}

Match::Match(const Ruleset& rules, std::shared_ptr<LuaHost> hooks, uint64_t seed, int deals)
    : rules_(rules), seed_(seed), deals_limit_(deals > 0 ? deals : rules.match.deals), lua_(std::move(hooks)) {
  if (!lua_ && rules.has_hooks()) lua_ = load_hooks(rules, load_problems_);
  state_ = std::make_unique<GameState>(rules, lua_.get());
  state_->set_match_scores(&scores_);  // for the lowest-score dealer rule
  restart(seed, deals);
}

Match::Match(const Match& other)
    : rules_(other.rules_),
      seed_(other.seed_),
      deals_limit_(other.deals_limit_),
      lua_(other.lua_),
      state_(std::make_unique<GameState>(*other.state_)),
      load_problems_(other.load_problems_),
      deal_rng_(other.deal_rng_),
      dealer_(other.dealer_),
      deals_played_(other.deals_played_),
      tie_break_until_(other.tie_break_until_),
      ended_by_hook_(other.ended_by_hook_),
      winner_by_hook_(other.winner_by_hook_),
      scores_(other.scores_) {
  state_->set_match_scores(&scores_);  // the copy's own totals, not the original's
}

void Match::restart(uint64_t seed, int deals) {
  seed_ = seed;
  deals_limit_ = deals > 0 ? deals : rules_.match.deals;
  deals_played_ = 0;
  tie_break_until_ = 0;
  ended_by_hook_ = false, winner_by_hook_ = -1;
  scores_.assign(size_t(rules_.teams), 0);
  if (state_) state_->reset_match_vars();  // game.match_vars start empty with each match
  if (rules_.match.first_dealer >= 0) {
    dealer_ = rules_.match.first_dealer;
  } else {
    Rng pick(Rng::derive(seed, ~uint64_t(0)));
    dealer_ = int(pick.below(uint32_t(rules_.seats)));
  }
}

Match::~Match() = default;

bool Match::end_reached() const {
  if (deals_limit_ > 0 && deals_played_ >= deals_limit_) return true;
  if (rules_.match.target > 0)
    for (int s : scores_)
      if (s >= rules_.match.target) return true;
  return false;
}

// A tie-break block (finish_deal opens it) is always played to its end.
bool Match::over() const {
  if (ended_by_hook_) return true;
  if (!end_reached() || deals_played_ < tie_break_until_) return false;
  return rules_.match.tie_break_deals == 0 || leading_team() >= 0;
}

std::string Match::start_deal(const FixedDeal* fixed) {
  deal_rng_.reseed(Rng::derive(seed_, uint64_t(deals_played_)));
  return state_->start_deal(dealer_, deals_played_, deal_rng_, fixed);
}

std::string Match::finish_deal() {
  const DealResult& r = state_->result();
  for (size_t t = 0; t < scores_.size() && t < r.game_points.size(); ++t) {
    const int64_t total = int64_t(scores_[t]) + r.game_points[t];
    if (total < -kMaxMatchScore || total > kMaxMatchScore)
      return "the match score of " + rules_.team_names[t] + " would pass " + std::to_string(kMaxMatchScore) +
             " (or -" + std::to_string(kMaxMatchScore) + ") after deal " + std::to_string(deals_played_ + 1);
  }
  for (size_t t = 0; t < scores_.size() && t < r.game_points.size(); ++t) scores_[t] += r.game_points[t];
  dealer_ = r.next_dealer;
  ++deals_played_;
  // Leaders tied when the match would end: more deals, in blocks, until broken.
  const int extra = rules_.match.tie_break_deals;
  if (extra > 0 && end_reached() && leading_team() < 0 && deals_played_ >= tie_break_until_)
    tie_break_until_ = deals_played_ + extra;
  // match.bidders_first: teams over the target together, the bidder's among
  // them: the bidder's team wins (a match_over hook may still decide).
  if (rules_.match.bidders_first && r.bidder >= 0) {
    const int team = rules_.team_of[size_t(r.bidder)];
    int over = 0;
    for (int s : scores_) over += s >= rules_.match.target;
    if (over >= 2 && size_t(team) < scores_.size() && scores_[size_t(team)] >= rules_.match.target)
      ended_by_hook_ = true, winner_by_hook_ = team;
  }
  // A rule of the match's end that no key says (Lua): it sees the new totals.
  if (rules_.hooks[size_t(HookPoint::MatchOver)].bound()) {
    bool ended = false;
    int winner = -1;
    if (std::string error = state_->run_match_over(&ended, &winner); !error.empty()) return error;
    if (ended) ended_by_hook_ = true, winner_by_hook_ = winner;  // the hook's word is the last
  }
  return {};
}

int Match::leading_team() const {
  if (ended_by_hook_ && winner_by_hook_ >= 0) return winner_by_hook_;
  int best = -1, best_score = INT32_MIN;
  bool tie = false;
  const int sign = rules_.match.lowest_wins ? -1 : 1;  // compare -score to find the lowest
  for (int t = 0; t < int(scores_.size()); ++t) {
    const int score = sign * scores_[size_t(t)];
    if (score > best_score) best = t, best_score = score, tie = false;
    else if (score == best_score) tie = true;
  }
  return tie ? -1 : best;
}

}  // namespace hukum
