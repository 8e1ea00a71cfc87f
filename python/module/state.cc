#include "state.h"

#include <algorithm>
#include <stdexcept>

#include "session/matches/returns.h"

namespace hukum::python {

State::State(std::shared_ptr<const Game> game, uint64_t seed, bool log)
    : game_(std::move(game)), seed_(seed) {
  match_ = std::make_unique<Match>(*game_->rules, game_->hooks, seed, game_->deals);
  if (log) {
    log_ = std::make_unique<LogSink>(*game_->rules, nullptr);
    match_->state().set_sink(log_.get());
  }
  if (std::string err = match_->start_deal(); !err.empty()) throw std::runtime_error(err);
  advance();
}

State::State(const State& other)
    : game_(other.game_),
      seed_(other.seed_),
      match_(std::make_unique<Match>(*other.match_)),
      history_(other.history_),
      deal_team_points_(other.deal_team_points_) {
  if (other.log_) {
    log_ = std::make_unique<LogSink>(*other.log_);
    match_->state().set_sink(log_.get());
  }
}

void State::advance() {
  while (!match_->over() && deal().deal_over()) {
    const DealResult& r = deal().result();
    deal_team_points_ = r.game_points;
    if (std::string err = match_->finish_deal(); !err.empty()) throw std::runtime_error(err);
    if (match_->over()) break;
    if (std::string err = match_->start_deal(); !err.empty()) throw std::runtime_error(err);
  }
  if (!match_->over() && legal().empty())
    throw std::runtime_error("no legal action while the deal goes on (a ruleset or hook bug)");
}

void State::apply(const Action& action) {
  if (terminal()) throw std::invalid_argument("the match is over: no action may be applied");
  const int seat = deal().to_move();
  if (!match_->state().try_apply(action)) {
    const std::string& error = deal().error();
    // A refused action leaves the state as it was; a hook's failure does not.
    if (!legal().contains(action)) throw std::invalid_argument(error);
    throw std::runtime_error(error);
  }
  history_.emplace_back(seat, action);
  advance();
}

void State::apply_id(int id) {
  if (terminal()) throw std::invalid_argument("the match is over: no action may be applied");
  Action a;
  if (!game_->ids->action(id, legal(), &a)) {
    std::string legal_ids;
    for (int i : this->legal_ids()) legal_ids += (legal_ids.empty() ? "" : ", ") + std::to_string(i);
    throw std::invalid_argument("action id " + std::to_string(id) + " (" + game_->ids->describe(id) +
                                ") is not legal now (legal ids: " + legal_ids + ")");
  }
  apply(a);
}

void State::apply_text(const std::string& text) {
  if (terminal()) throw std::invalid_argument("the match is over: no action may be applied");
  Action a;
  std::string why;
  if (!parse_action(*game_->rules, text, legal(), &a, &why))
    throw std::invalid_argument(why + " (legal: " + legal_text(*game_->rules, legal()) + ")");
  apply(a);
}

std::vector<int> State::legal_ids() const {
  std::vector<int> out;
  if (terminal()) return out;
  const LegalActions& l = legal();
  const int n = l.count();
  out.reserve(size_t(n));
  for (int i = 0; i < n; ++i) {
    const int id = game_->ids->id(l.at(i), l);
    if (id < 0)
      throw std::runtime_error("the legal action '" + text(l.at(i)) +
                               "' has no id: its number is outside the game's number window (load with "
                               "hook_numbers=(low, high))");
    out.push_back(id);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> State::legal_words() const {
  std::vector<std::string> out;
  if (terminal()) return out;
  for (const Action& a : legal().list()) out.push_back(text(a));
  return out;
}

namespace {

// Per seat, its team's number of `per_team` (0 before there is one).
std::vector<int> by_seat(const Ruleset& rules, const std::vector<int>& per_team) {
  std::vector<int> out;
  for (int s = 0; s < rules.seats; ++s) {
    const size_t team = rules.team_of[size_t(s)];
    out.push_back(team < per_team.size() ? per_team[team] : 0);
  }
  return out;
}

}  // namespace

std::vector<int> State::scores() const { return by_seat(*game_->rules, match_->scores()); }

std::vector<int> State::deal_points() const { return by_seat(*game_->rules, deal_team_points_); }

std::vector<double> State::returns() const { return seat_returns(*game_->rules, match_->scores()); }

std::vector<double> State::deal_returns() const { return seat_returns(*game_->rules, deal_team_points_); }

std::vector<std::string> State::log_lines() const {
  if (!log_) throw std::invalid_argument("this state keeps no log: create it with log=True");
  std::vector<std::string> seats(size_t(game_->rules->seats), "python");
  std::vector<std::string> out{log_header(*game_->rules, seed_, match_->deals_limit(), seats).dump()};
  out.insert(out.end(), log_->lines().begin(), log_->lines().end());
  if (terminal()) {
    LogSink end(*game_->rules, nullptr);
    end.match_over(match_->scores(), match_->deals_played());
    out.insert(out.end(), end.lines().begin(), end.lines().end());
    out.push_back(log_end_line(true, ""));
  }
  return out;
}

std::unique_ptr<State> State::resample(int seat, uint64_t seed) const {
  if (seat < 0 || seat >= game_->rules->seats) throw std::invalid_argument("no seat " + std::to_string(seat));
  auto world = std::make_unique<State>(*this);
  if (!terminal()) {
    Rng rng(seed);
    world->match_->state().redeal_unseen(seat, rng);
  }
  return world;
}

}  // namespace hukum::python
