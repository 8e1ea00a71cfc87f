// A progress line on a terminal (see progress.h).
#include "cli/progress.h"

#include <unistd.h>

#include <cstdio>

namespace hukum::cli {

std::string clock_text(double seconds) {
  long s = long(seconds + 0.5);
  char buf[32];
  if (s >= 3600) std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

ProgressLine::ProgressLine(std::string label, long total)
    : tty_(isatty(fileno(stderr)) == 1), label_(std::move(label)), total_(total),
      start_(std::chrono::steady_clock::now()) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::finish() {
  std::lock_guard lock(mutex_);
  if (tty_ && !finished_) std::fprintf(stderr, "\r%*s\r", 72, "");
  finished_ = true;
}

void ProgressLine::update(long done) {
  if (!tty_) return;
  std::lock_guard lock(mutex_);
  if (finished_) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = elapsed > 0 ? double(done) / elapsed : 0;
  const std::string left = rate > 0 ? clock_text(double(total_ - done) / rate) : "?";
  std::fprintf(stderr, "\r%s%ld / %ld deals (%.0f%%), %.0f deals/s, %s left   ", label_.c_str(), done, total_,
               total_ ? 100.0 * double(done) / double(total_) : 0.0, rate, left.c_str());
  std::fflush(stderr);
}

}  // namespace hukum::cli
