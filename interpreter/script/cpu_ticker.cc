// See cpu_ticker.h. Linux: timer_create on CLOCK_THREAD_CPUTIME_ID with
// SIGEV_THREAD_ID, so each thread running Lua gets its own ticks.
#include "script/cpu_ticker.h"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <mutex>

namespace hukum {

namespace {

// A real-time signal nobody else in hukum uses (glibc keeps the first two).
int tick_signal() { return SIGRTMIN + 3; }

// The thread's timer, deleted when the thread ends.
struct ThreadTimer {
  bool tried = false;
  bool running = false;
  timer_t id{};
  ~ThreadTimer() {
    if (running) timer_delete(id);
  }
};

thread_local ThreadTimer thread_timer;

// The answer once known, for the calls after the first (one per hook call):
// trivially constructed, so reading it costs no guard, unlike thread_timer.
thread_local int known_answer = -1;  // -1 not tried yet, else 0 or 1

bool start_thread_ticker(void (*on_tick)(int)) {
  static std::once_flag installed;
  static bool handler_ok = false;
  std::call_once(installed, [on_tick] {
    struct sigaction action {};
    action.sa_handler = on_tick;
    action.sa_flags = SA_RESTART;  // an interrupted read or write goes on by itself
    sigemptyset(&action.sa_mask);
    handler_ok = sigaction(tick_signal(), &action, nullptr) == 0;
  });
  ThreadTimer& timer = thread_timer;
  if (timer.tried) return timer.running;
  timer.tried = true;
  if (!handler_ok) return false;
  sigevent event{};
  event.sigev_notify = SIGEV_THREAD_ID;
  event.sigev_signo = tick_signal();
  event._sigev_un._tid = gettid();
  if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &timer.id) != 0) return false;
  itimerspec period{};
  period.it_value.tv_nsec = kCpuTickNs;
  period.it_interval.tv_nsec = kCpuTickNs;
  if (timer_settime(timer.id, 0, &period, nullptr) != 0) {
    timer_delete(timer.id);
    return false;
  }
  timer.running = true;
  return true;
}

}  // namespace

bool start_cpu_ticker(void (*on_tick)(int)) {
  if (known_answer >= 0) return known_answer != 0;
  known_answer = start_thread_ticker(on_tick) ? 1 : 0;
  return known_answer != 0;
}

}  // namespace hukum
