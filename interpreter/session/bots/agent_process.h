// An outside agent's program (session/bots/agent.h): started with /bin/sh -c
// in a process group of its own, spoken to over two pipes, each line written
// and read within a deadline, a line's length bounded, and ended with its
// whole group, so that what the agent started ends with it.
#pragma once

#include <string>
#include <sys/types.h>

namespace hukum {

class AgentProcess {
 public:
  // Longer answer lines are refused (and the rest of the line dropped).
  static constexpr size_t kMaxLine = size_t(1) << 20;

  explicit AgentProcess(std::string command) : command_(std::move(command)) {}
  ~AgentProcess() { end(); }
  AgentProcess(const AgentProcess&) = delete;
  AgentProcess& operator=(const AgentProcess&) = delete;

  bool start();
  bool started() const { return pid_ > 0; }
  // Writes `text` (whole lines) within `timeout_ms`. False when the agent
  // exited or does not read its input: the stream may then be cut in the
  // middle of a line, so the caller gives the agent up.
  bool send(const std::string& text, int timeout_ms);

  enum class Read { Line, Timeout, TooLong, Closed };
  // The next line within `timeout_ms` (without its newline). For TooLong,
  // Timeout and Closed, `line` holds the start of what came (for the report).
  Read read_line(int timeout_ms, std::string* line);

  // Drops the lines that came already and answer nothing (a late answer, a
  // second line, a banner) so that the next line read answers the next
  // question; returns how many. One read when there are none.
  long drop_pending();

  // End of input: a well-behaved agent exits (ended before end(), several
  // agents exit together).
  void close_input();
  // Closes the agent's input, gives it half a second to exit, then ends its
  // process group (SIGTERM, then SIGKILL) and reaps it. Idempotent.
  void end();

 private:
  std::string command_;
  pid_t pid_ = -1;
  int to_agent_ = -1, from_agent_ = -1;
  std::string buffer_;
  size_t scanned_ = 0;     // buffer_[0, scanned_) holds no newline
  bool skipping_ = false;  // dropping the rest of a line that was too long
};

}  // namespace hukum
