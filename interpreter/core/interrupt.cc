// The interrupt handlers (see interrupt.h). The handler may run at any point,
// so it uses only async-signal-safe calls (unlink, write, _exit) on data kept
// in fixed arrays.
#include "core/interrupt.h"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace hukum {

namespace {

constexpr int kSlots = 16;
constexpr size_t kPathBytes = 4096;

struct Slot {
  std::atomic<bool> used{false};
  char temp[kPathBytes];
  char target[kPathBytes];
};
Slot slots[kSlots];
std::atomic<bool> deferred{false};
volatile sig_atomic_t received = 0;

void say(const char* text) {
  for (size_t left = std::strlen(text); left > 0;) {
    const ssize_t n = ::write(STDERR_FILENO, text, left);
    if (n <= 0) return;
    text += n, left -= size_t(n);
  }
}

// Milliseconds on the monotonic clock (clock_gettime is async-signal-safe).
long long now_ms() {
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}
volatile long long received_at_ms = 0;

void on_signal(int sig) {
  if (deferred.load() && received == 0) {
    received = sig;  // the game loop stops at its next move and writes the log's end record
    received_at_ms = now_ms();
    return;
  }
  // One interrupt delivered twice (timeout(1) signals the child and then its
  // whole process group) is not a second Ctrl-C: a person's second press,
  // which stops at once, comes later than this.
  if (deferred.load() && now_ms() - received_at_ms < 100) return;
  say("\nhukum: interrupted");
  bool any = false;
  for (Slot& s : slots) {
    if (!s.used.load()) continue;
    ::unlink(s.temp);
    say(any ? ", '" : "; not written (an earlier file is left as it was): '");
    say(s.target);
    say("'");
    any = true;
  }
  say("\n");
  ::_exit(interrupted_exit_code(sig));
}

}  // namespace

void install_interrupt_handlers() {
  static bool installed = false;
  if (installed) return;
  installed = true;
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: a read from the terminal returns, so play stops waiting
    ::sigaction(sig, &action, nullptr);
  }
}

int remove_on_interrupt(const char* temp, const char* target) {
  if (std::strlen(temp) >= kPathBytes || std::strlen(target) >= kPathBytes) return -1;
  for (int i = 0; i < kSlots; ++i) {
    Slot& s = slots[i];
    if (s.used.load()) continue;
    std::strcpy(s.temp, temp);
    std::strcpy(s.target, target);
    s.used.store(true);  // only now may the handler read the paths
    return i;
  }
  return -1;
}

void forget_on_interrupt(int slot) {
  if (slot >= 0 && slot < kSlots) slots[slot].used.store(false);
}

void defer_interrupts(bool defer) { deferred.store(defer); }

int interrupt_signal() { return received; }

int interrupted_exit_code(int signal) { return 128 + signal; }

}  // namespace hukum
