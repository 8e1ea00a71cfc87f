// The agent's process (see agent_process.h): fork and exec on pipes made
// close-on-exec (another thread's agent must not inherit them, or its output
// would never end), non-blocking ends polled against deadlines, so that an
// agent that neither reads nor writes cannot hold hukum.
#include "session/bots/agent_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

namespace hukum {

namespace {

using Clock = std::chrono::steady_clock;

int ms_left(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left < 0 ? 0 : int(left);
}

// True once `pid` has exited, without reaping it: while it is a zombie its
// pid cannot be reused, so the process group it names is still its own.
bool has_exited(pid_t pid) {
  siginfo_t info{};
  return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

}  // namespace

bool AgentProcess::start() {
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) return false;
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]), close(in[1]);
    return false;
  }
  signal(SIGPIPE, SIG_IGN);  // a dead agent must not kill hukum on write
  const char* command = command_.c_str();
  const pid_t pid = fork();
  if (pid < 0) {
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    return false;
  }
  if (pid == 0) {
    // Only async-signal-safe calls here (hukum may run threads). Its own
    // group: at the end hukum signals the group, the agent's children too.
    setpgid(0, 0);
    signal(SIGPIPE, SIG_DFL);
    dup2(in[0], 0);  // dup2 clears close-on-exec on 0 and 1
    dup2(out[1], 1);
    execl("/bin/sh", "sh", "-c", command, static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);  // also here: whichever runs first, the group exists before any kill
  pid_ = pid;
  close(in[0]), close(out[1]);
  to_agent_ = in[1], from_agent_ = out[0];
  fcntl(to_agent_, F_SETFL, fcntl(to_agent_, F_GETFL) | O_NONBLOCK);
  fcntl(from_agent_, F_SETFL, fcntl(from_agent_, F_GETFL) | O_NONBLOCK);
  return true;
}

bool AgentProcess::send(const std::string& text, int timeout_ms) {
  if (to_agent_ < 0) return false;
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  for (size_t sent = 0; sent < text.size();) {
    const ssize_t n = write(to_agent_, text.data() + sent, text.size() - sent);
    if (n > 0) {
      sent += size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return false;  // EPIPE: it exited
    const int left = ms_left(deadline);
    if (left == 0) return false;  // its input is full: it does not read
    pollfd p{to_agent_, POLLOUT, 0};
    if (poll(&p, 1, left) < 0 && errno != EINTR) return false;
  }
  return true;
}

AgentProcess::Read AgentProcess::read_line(int timeout_ms, std::string* line) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    if (skipping_) {
      // The rest of a refused long line is dropped, not read as an answer.
      const size_t nl = buffer_.find('\n');
      if (nl == std::string::npos) buffer_.clear();
      else buffer_.erase(0, nl + 1), skipping_ = false;
      scanned_ = 0;
    }
    if (!skipping_) {
      if (const size_t nl = buffer_.find('\n', scanned_); nl != std::string::npos) {
        line->assign(buffer_, 0, nl);
        buffer_.erase(0, nl + 1);
        scanned_ = 0;
        return Read::Line;
      }
      scanned_ = buffer_.size();
      if (buffer_.size() > kMaxLine) {
        line->assign(buffer_, 0, 200);
        buffer_.clear();
        scanned_ = 0;
        skipping_ = true;
        return Read::TooLong;
      }
    }
    char chunk[65536];
    const ssize_t n = from_agent_ < 0 ? 0 : read(from_agent_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
      line->assign(buffer_, 0, 200);
      buffer_.clear();
      scanned_ = 0;
      return Read::Closed;
    }
    const int left = ms_left(deadline);
    if (left > 0) {
      pollfd p{from_agent_, POLLIN, 0};
      if (poll(&p, 1, left) >= 0 || errno == EINTR) continue;
    }
    line->assign(buffer_, 0, 200);
    return Read::Timeout;
  }
}

long AgentProcess::drop_pending() {
  std::string line;
  long dropped = 0;
  while (read_line(0, &line) == Read::Line) ++dropped;
  return dropped;
}

void AgentProcess::close_input() {
  if (to_agent_ >= 0) close(to_agent_), to_agent_ = -1;
}

void AgentProcess::end() {
  close_input();
  if (pid_ > 0) {
    for (int k = 0; k < 50 && !has_exited(pid_); ++k) usleep(10000);  // half a second at most
    // Whatever is left of its group (the agent, or children it started that
    // may still hold its pipes) is ended: politely, then for sure.
    kill(-pid_, SIGTERM);
    for (int k = 0; k < 20 && !has_exited(pid_); ++k) usleep(10000);
    kill(-pid_, SIGKILL);
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  if (from_agent_ >= 0) close(from_agent_), from_agent_ = -1;
}

}  // namespace hukum
