// The outside-agent seat (see agent.h): a child process on two pipes, one
// JSON object per line each way, poll() for the answer's deadline.
#include "session/bots/agent.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ostream>

#include <nlohmann/json.hpp>

#include "session/bots/greedy.h"
#include "session/observation.h"

namespace hukum {

namespace {
constexpr size_t kMaxLine = 1 << 20;  // an answer longer than this is bad
}

bool is_agent_kind(const std::string& kind) {
  return (kind.rfind("agent:", 0) == 0 && kind.size() > 6) || (kind.rfind("agent-strict:", 0) == 0 && kind.size() > 13);
}

int agent_timeout_ms() {
  if (const char* env = std::getenv("HUKUM_AGENT_TIMEOUT_MS")) {
    const long v = std::strtol(env, nullptr, 10);
    if (v >= 1 && v <= 600000) return int(v);
  }
  return 10000;
}

AgentPlayer::AgentPlayer(std::string command, bool strict, uint64_t seed, std::ostream& report, int timeout_ms)
    : command_(std::move(command)),
      strict_(strict),
      report_(report),
      timeout_ms_(timeout_ms),
      fallback_(std::make_unique<GreedyPlayer>(seed)) {}

AgentPlayer::~AgentPlayer() {
  if (to_agent_ >= 0) close(to_agent_);  // end of input: the agent should exit
  if (from_agent_ >= 0) close(from_agent_);
  if (pid_ > 0) {
    for (int k = 0; k < 50; ++k) {  // up to half a second, then it is killed
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      usleep(10000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

bool AgentPlayer::start() {
  int in[2], out[2];
  if (pipe(in) != 0) return false;
  if (pipe(out) != 0) {
    close(in[0]), close(in[1]);
    return false;
  }
  signal(SIGPIPE, SIG_IGN);  // a dead agent must not kill hukum on write
  pid_ = fork();
  if (pid_ < 0) return false;
  if (pid_ == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]), close(out[1]);
  to_agent_ = in[1], from_agent_ = out[0];
  fcntl(to_agent_, F_SETFD, FD_CLOEXEC);
  fcntl(from_agent_, F_SETFD, FD_CLOEXEC);
  return true;
}

bool AgentPlayer::read_line(std::string* line, std::string* why) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms_);
  for (;;) {
    if (size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      *line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return true;
    }
    if (buffer_.size() > kMaxLine) {
      *line = buffer_.substr(0, 200) + "...";
      buffer_.clear();
      *why = "the answer is longer than 1 MiB";
      return false;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      *line = buffer_;
      *why = "no answer within " + std::to_string(timeout_ms_) + " ms";
      return false;
    }
    pollfd p{from_agent_, POLLIN, 0};
    const int ready = poll(&p, 1, int(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;  // the deadline check above ends it
    char chunk[4096];
    const ssize_t n = read(from_agent_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    *line = buffer_;
    *why = "the agent closed its output (exited)";
    dead_ = true;
    return false;
  }
}

bool AgentPlayer::fall_back(const SeatView& view, const LegalActions& legal, Action* out, const std::string& why,
                            const std::string& line) {
  ++problems_;
  const std::string seat = view.rules().seat_names[size_t(view.seat())];
  report_ << "hukum: agent at seat " << seat << " (" << command_ << "): " << why << "; line: "
          << nlohmann::json(line).dump() << "; "
          << (strict_ ? "stopping the match" : "playing the fallback (greedy)") << "\n";
  if (strict_) return false;
  return fallback_->choose(view, legal, out);
}

bool AgentPlayer::choose(const SeatView& view, const LegalActions& legal, Action* out) {
  if (dead_) return strict_ ? false : fallback_->choose(view, legal, out);
  if (pid_ < 0 && !start()) {
    dead_ = true;
    return fall_back(view, legal, out, "cannot start the command", "");
  }
  const Ruleset& rules = view.rules();
  static const std::vector<int> no_scores;
  nlohmann::ordered_json message;
  message["protocol"] = "hukum-agent/1";
  message["type"] = "decide";
  message["ruleset"] = rules.name;
  message["observation"] = observation_json(rules, view.observe(no_scores));
  const std::string text = message.dump() + "\n";
  for (size_t sent = 0; sent < text.size();) {
    const ssize_t n = write(to_agent_, text.data() + sent, text.size() - sent);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      dead_ = true;
      return fall_back(view, legal, out, "cannot write to the agent (it exited)", "");
    }
    sent += size_t(n);
  }
  std::string line, why;
  if (!read_line(&line, &why)) return fall_back(view, legal, out, why, line);
  const nlohmann::json answer = nlohmann::json::parse(line, nullptr, false);
  if (answer.is_discarded() || !answer.is_object())
    return fall_back(view, legal, out, "the answer is not a JSON object", line);
  const auto it = answer.find("action");
  if (it == answer.end() || !it->is_string())
    return fall_back(view, legal, out, "the answer has no \"action\" string", line);
  Action a;
  std::string reason;
  if (!parse_action(rules, it->get<std::string>(), legal, &a, &reason))
    return fall_back(view, legal, out, "the action is not one of this game: " + reason, line);
  if (!legal.contains(a))
    return fall_back(view, legal, out, "illegal action " + it->get<std::string>() + " (legal: " + legal_text(rules, legal) + ")", line);
  *out = a;
  return true;
}

}  // namespace hukum
