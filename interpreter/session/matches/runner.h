// Plays matches: the loop that asks the seat to move for an action, applies
// it, and moves from deal to deal. Used by play, simulate, bench and tests.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "session/matches/match.h"
#include "session/matches/players.h"

namespace hukum {

class LogSink;

struct RunHooks {
  EventSink* sink = nullptr;
  LogSink* log = nullptr;  // also gets match_over
  std::function<void(const Match&)> deal_done;  // after each deal, before finish_deal
  std::function<bool()> stop;  // asked before each move: true stops the match (Ctrl-C in play)
};

enum class RunOutcome { Finished, Stopped, Failed };

struct RunResult {
  RunOutcome outcome = RunOutcome::Finished;
  std::string error;  // when Failed
};

// Plays `match` to its end with one player per seat.
RunResult run_match(Match& match, const std::vector<Player*>& players, const RunHooks& hooks = {});

}  // namespace hukum
