// Outside agents (`--seats agent:COMMAND`): hukum runs COMMAND with /bin/sh
// and speaks JSON lines over its stdin and stdout (docs/agent-protocol.md).
// For each decision it sends the seat's observation and legal actions; the
// agent answers with one action. A bad, late or illegal answer is reported
// with the line received, and the seat plays its fallback (the greedy choice)
// or, for `agent-strict:COMMAND`, the match stops. Never a crash.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <sys/types.h>

#include "session/players.h"

namespace hukum {

class AgentPlayer final : public Player {
 public:
  // `report` receives one line per problem. `timeout_ms` bounds each answer.
  AgentPlayer(std::string command, bool strict, uint64_t seed, std::ostream& report, int timeout_ms);
  ~AgentPlayer() override;
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override;
  long problems() const { return problems_; }

 private:
  bool start();
  // One line from the agent within the time left; false on timeout or end.
  bool read_line(std::string* line, std::string* why);
  bool fall_back(const SeatView& view, const LegalActions& legal, Action* out, const std::string& why,
                 const std::string& line);

  std::string command_;
  bool strict_;
  std::ostream& report_;
  int timeout_ms_;
  std::unique_ptr<Player> fallback_;
  pid_t pid_ = -1;
  int to_agent_ = -1, from_agent_ = -1;
  bool dead_ = false;  // the agent exited or could not start: fallback from now on
  std::string buffer_;
  long problems_ = 0;
};

// "agent:COMMAND" or "agent-strict:COMMAND".
bool is_agent_kind(const std::string& kind);
// The per-answer limit: HUKUM_AGENT_TIMEOUT_MS when set (1..600000), else 10000.
int agent_timeout_ms();

}  // namespace hukum
