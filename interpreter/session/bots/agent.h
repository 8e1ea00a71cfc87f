// Outside agents (`--seats agent:COMMAND`): hukum runs COMMAND with /bin/sh
// and speaks JSON lines over its stdin and stdout, protocol hukum-agent/2
// (docs/agent-protocol.md). One program per agent seat for a whole run: it is
// told the table once, each deal's start and result and each match's result,
// and asked for each decision of its seat. A bad, late or illegal answer is
// reported (bounded) and the seat plays its fallback (the greedy choice) or,
// for `agent-strict:COMMAND`, the match stops. Never a crash.
#pragma once

#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "session/matches/players.h"

namespace hukum {

class AgentLink;  // one agent program and what hukum knows of it (agent.cc)

// The agent programs of a run on one thread: one per (ruleset, slot), kept
// across deals, matches and the rotations of `simulate --seats --duplicate`,
// all ended when the pool is. A slot is a place in the --seats list.
class AgentPool {
 public:
  AgentPool(std::ostream& report, int timeout_ms) : report_(report), timeout_ms_(timeout_ms) {}
  ~AgentPool();
  std::shared_ptr<AgentLink> link(const Ruleset& rules, int slot, const std::string& command);

 private:
  std::ostream& report_;
  int timeout_ms_;
  std::map<std::pair<const Ruleset*, int>, std::shared_ptr<AgentLink>> links_;
};

class AgentPlayer final : public Player {
 public:
  // A program of its own, ended with the player. `report` receives one line
  // per problem. `timeout_ms` bounds each answer.
  AgentPlayer(std::string command, bool strict, uint64_t seed, std::ostream& report, int timeout_ms);
  // A program of a pool, for one match.
  AgentPlayer(std::shared_ptr<AgentLink> link, bool strict, uint64_t seed);
  ~AgentPlayer() override;
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override;
  bool listens() const override { return true; }
  void told(const PlayEvent& event) override;
  long problems() const;

 private:
  bool fall_back(const SeatView& view, const LegalActions& legal, Action* out, const std::string& why,
                 const std::string& line);

  std::shared_ptr<AgentLink> link_;
  bool strict_;
  std::unique_ptr<Player> fallback_;
  std::vector<int> match_scores_;  // as of the deal's start, for the observation
};

// "agent:COMMAND" or "agent-strict:COMMAND".
bool is_agent_kind(const std::string& kind);
// The per-answer limit: HUKUM_AGENT_TIMEOUT_MS when set (1..600000), else 10000.
int agent_timeout_ms();
// Refusals reported in full per agent program; later ones are only counted.
inline constexpr long kAgentProblemsShown = 20;

}  // namespace hukum
