// The Python module's state: a match of the game in progress (one deal by
// default), driven one action at a time by its caller. Between deals it moves
// on by itself (scores the deal, starts the next), so a caller only ever sees
// decisions and the end. Copies are full and independent (clone, resample).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game.h"
#include "session/matches/log.h"
#include "session/matches/match.h"

namespace hukum::python {

class State {
 public:
  State(std::shared_ptr<const Game> game, uint64_t seed, bool log);
  State(const State& other);
  State& operator=(const State&) = delete;

  const Game& game() const { return *game_; }
  const GameState& deal() const { return match_->state(); }
  const Match& match() const { return *match_; }
  bool terminal() const { return match_->over(); }
  // The seat that decides now (the mover, or the seat playing its hand); -1 at the end.
  int current_seat() const { return terminal() ? -1 : deal().decider(); }
  int to_move() const { return terminal() ? -1 : deal().to_move(); }
  const LegalActions& legal() const { return deal().legal(); }

  // Applies a legal action; throws std::invalid_argument naming the legal
  // ones when it is not, std::runtime_error when a hook fails.
  void apply(const Action& action);
  void apply_id(int id);
  void apply_text(const std::string& text);

  std::vector<int> legal_ids() const;  // ascending
  std::vector<std::string> legal_words() const;  // canonical order
  std::string text(const Action& a) const { return action_text(*game_->rules, a); }

  // Match totals per seat (the seat's team), and the last complete deal's game points.
  std::vector<int> scores() const;
  std::vector<int> deal_points() const;
  // Per seat, higher is better: its team's points less the mean of the other
  // teams', negated where the lowest total wins (session/matches/returns.h); for the
  // match so far and for the last complete deal.
  std::vector<double> returns() const;
  std::vector<double> deal_returns() const;
  int deals_played() const { return match_->deals_played(); }

  // Every action so far: the seat, the action.
  const std::vector<std::pair<int, Action>>& history() const { return history_; }
  // The game log of the match so far (JSON lines, `hukum replay` reads it); needs log=true.
  std::vector<std::string> log_lines() const;
  bool logging() const { return log_ != nullptr; }

  // A world consistent with what `seat` has seen: every card it cannot see,
  // and the deal's future draws, dealt again with `seed` (the bots' sampling).
  std::unique_ptr<State> resample(int seat, uint64_t seed) const;

 private:
  std::shared_ptr<const Game> game_;
  uint64_t seed_;
  std::unique_ptr<Match> match_;
  std::vector<std::pair<int, Action>> history_;
  std::vector<int> deal_team_points_;  // per team, the last complete deal's game points
  std::unique_ptr<LogSink> log_;
  void advance();  // past deal ends, to the next decision or the end
};

}  // namespace hukum::python
