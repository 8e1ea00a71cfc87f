// The limits every Lua call runs under, in one place: an instruction budget,
// a time deadline, a memory cap (the allocator), and bounds on the C
// functions of the string, table and utf8 libraries, whose time the
// instruction count never sees. Once a limit is hit the call is "tripped":
// every later instruction raises again, so pcall/xpcall in the hook cannot
// catch the stop and carry on. Messages name the script, the line and the limit.
//
// The deadline runs on the calling thread's CPU clock (user + system time),
// not the wall clock: a sandboxed hook cannot block or sleep, so on an idle
// machine the two are the same, but on a busy one a wall-clock deadline made
// legitimate hooks fail at random (seen: a 8 MB string.rep "timed out" at load
// 14 on 2 cores), and a simulation's result must not depend on the load.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "script/block_pool.h"

struct lua_State;

namespace hukum {

struct LuaBudget {
  // Memory (counted by the allocator for the whole state).
  size_t memory_used = 0;
  size_t memory_limit = 0;
  int refusals = 0;  // growths refused in a row (2: refused even after the emergency collection)
  lua_State* state = nullptr;  // the state this budget belongs to (set once created)
  // The Lua bindings' BindingState (bindings.cc), set when they open. The
  // state's extra space points at this budget, so a binding finds its state
  // with two loads instead of reading an upvalue through the Lua API.
  void* bindings = nullptr;
  BlockPool pool;              // the state's small blocks: destroy after lua_close
  // This call's budget.
  int64_t instruction_limit = 0;
  int64_t instructions = 0;  // run so far (counted in steps of the hook interval)
  int interval = 1000;       // the count hook's period, in instructions
  int64_t start_ns = -1;  // thread CPU time when the call first looked at the clock (-1: not yet)
  // The CPU ticker (cpu_ticker.h) of this call's thread: whether it runs, and
  // its count of ticks when the call was armed. No tick since then means less
  // than a tick of CPU time spent, so a guarded C function needs no clock read
  // (a system call) to know that the deadline is still far.
  bool ticking = false;
  uint64_t ticks_at_arm = 0;
  int64_t deadline_ms = 0;
  const char* phase = "per call";  // "per call" or "at load time", for messages
  // Set when a limit is hit; cleared by the next arm().
  std::string tripped;
};

// The allocator to pass to lua_newstate with a LuaBudget* as its ud.
void* capped_alloc(void* ud, void* ptr, size_t old_size, size_t new_size);

// Arms the budget for the next call. `L`'s extra space must point at
// `budget` (see lua_host.cc).
//
// Quiet start: Lua 5.4 checks its hook before every instruction while a count
// hook is set, which cost random play as much as the hooks' own instructions.
// So a call starts with no hook, and a timer on the thread's CPU clock
// (cpu_ticker.h) ticks every 2 ms; a tick that finds the call still running
// switches the count hook on, and from then on the call is counted and timed
// as before. A call shorter than a tick is never counted; a longer one is
// stopped at most one tick later than if it had been counted from its start.
// Without a timer (the system refuses one), every call is counted from the
// start.
void arm_watchdog(lua_State* L, LuaBudget& budget, int64_t instructions, int64_t deadline_ms, const char* phase);

// After the call armed for `L` returned: ticks no longer touch `L` (which may
// then be closed, or used on another thread), and the count hook is on again
// until the next arm.
void disarm_watchdog(lua_State* L, const LuaBudget& budget);

// Replaces every C function of the string, table and utf8 tables with a
// guarded closure: refused when the call is tripped, the deadline checked after
// it returns, the pattern functions refused when their worst case is too long,
// table.sort refused past kMaxSortLength. Also replaces xpcall: Lua runs a
// message handler for an error raised by the count hook with hooks disabled,
// so a looping handler would run unwatched; once tripped, the user's handler
// is skipped. lua_CFunction; call once when opening the sandbox.
int install_watchdog_guards(lua_State* L);

// The worst-case steps of a Lua pattern call over a subject of `subject_length`
// bytes: (start positions) x (subject_length + 1)^(backtracking items) x
// (pattern length + 4). The limit is about 50-80 ms of the worst pattern on
// this class of machine (measured). Public for tests.
double pattern_cost(size_t subject_length, const std::string& pattern);
constexpr double kMaxPatternCost = 4e6;
constexpr size_t kMaxSortLength = 100'000;

}  // namespace hukum
