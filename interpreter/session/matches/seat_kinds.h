// The seat kinds of --seats, in one table: a person at the terminal, the
// bots, outside agents. Each row says how its name is written, checks the
// text after "name:" and makes the player; every list a user sees (errors,
// help, bash completion, docs) is read from this table, so a new kind of
// seat is one row here and the player class it makes.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "session/matches/players.h"

namespace hukum {

class AgentPool;

// What a seat's player may need: its seed, and for a person the terminal.
struct SeatSetup {
  uint64_t seed = 0;
  std::istream* in = nullptr;
  std::ostream* out = nullptr;
  const std::vector<int>* scores = nullptr;  // the match totals a person sees (may be null)
  TerminalOptions terminal;
  // Outside agents: the run's programs on this thread (session/bots/agent.h),
  // the ruleset and the seat's place in the --seats list. Without a pool, an
  // agent has a program of its own for the player's lifetime.
  AgentPool* agents = nullptr;
  const Ruleset* rules = nullptr;
  int slot = 0;
};

struct SeatKind {
  std::string_view name;     // as typed before any ':' ("ismcts")
  std::string_view syntax;   // every form, for messages and help ("ismcts[:N|:Tms]")
  std::string_view summary;  // one line for help and docs
  bool person = false;       // a person at the terminal (play only; simulate refuses it)
  // "" when the text after "name:" is acceptable (`arg`; `has_arg` false
  // without a ':'), else why not ("the budget must be a positive whole number").
  std::string (*check)(const std::string& arg, bool has_arg);
  std::unique_ptr<Player> (*make)(const std::string& arg, const SeatSetup& setup);
};

const std::vector<SeatKind>& seat_kinds();
// The row for `kind` ("pimc:40" is pimc with "40"), or null for no such name.
const SeatKind* find_seat_kind(const std::string& kind, std::string* arg, bool* has_arg);
// "" when `kind` names a seat kind with an acceptable argument, else why not.
std::string seat_kind_problem(const std::string& kind);
// The player of `kind` (callers check kinds first; an unknown kind plays random).
std::unique_ptr<Player> make_seat_player(const std::string& kind, const SeatSetup& setup);
// "human, random, greedy, pimc[:N], ..." in table order.
std::string seat_kind_forms();

}  // namespace hukum
