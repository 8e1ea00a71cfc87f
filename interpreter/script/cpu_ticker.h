// A signal every few milliseconds of the calling thread's own CPU time: the
// Lua watchdog's way to notice a long hook call without paying for a count
// hook on every call (see lua_watchdog.h, "quiet start").
#pragma once

namespace hukum {

// The period, in nanoseconds of the thread's CPU time (user + system).
constexpr long kCpuTickNs = 2'000'000;

// Starts, once per thread, a timer on the thread's CPU clock that delivers a
// signal to this thread every kCpuTickNs; `on_tick` is installed (once per
// process, with SA_RESTART) as that signal's handler and must be
// async-signal-safe. Later calls on the same thread only return the first
// answer. False when the system refuses a timer: the caller then watches
// every call from its start.
bool start_cpu_ticker(void (*on_tick)(int));

}  // namespace hukum
