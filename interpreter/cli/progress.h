// Progress of a long run on a terminal: deals done, rate and time left on one
// line of stderr, rewritten in place. Silent when stderr is not a terminal,
// so logs and pipes get only the result.
#pragma once

#include <chrono>
#include <mutex>
#include <string>

namespace hukum::cli {

class ProgressLine {
 public:
  // `label` prefixes the line ("A", "B" in a comparison); `total` deals expected.
  ProgressLine(std::string label, long total);
  ~ProgressLine();  // clears the line
  bool active() const { return tty_; }
  void update(long done);
  // Clears the line now and prints no more: called before the report is
  // printed, so that it does not start after "...0:01 left" on the terminal.
  void finish();

 private:
  bool tty_;
  bool finished_ = false;
  std::string label_;
  long total_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
};

// "1:05" or "2:03:07".
std::string clock_text(double seconds);

}  // namespace hukum::cli
