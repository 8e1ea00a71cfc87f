// The outside-agent seat (see agent.h): the protocol's messages
// (agent_messages.h) over the agent's process (agent_process.h), the
// fallback, and the bounded report of each problem.
#include "session/observation/action_ids.h"
#include "session/bots/agent.h"

#include <cstdlib>
#include <ostream>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.h"
#include "session/bots/agent_messages.h"
#include "session/bots/agent_process.h"
#include "session/bots/greedy.h"
#include "session/observation/observation.h"

namespace hukum {

namespace {
// Answers missed in a row before the agent is given up for the run: a silent
// agent would otherwise cost the deadline at every decision of every deal.
constexpr int kTimeoutsInARow = 3;
constexpr size_t kLineShown = 200;  // bytes of a refused line in the report

std::string quoted(const std::string& line) {
  // The report names the line as a JSON string: any byte is shown, none
  // reaches the terminal raw, an invalid UTF-8 sequence is replaced.
  const std::string cut = line.size() > kLineShown ? line.substr(0, kLineShown) : line;
  std::string text = terminal_safe_json(
      nlohmann::json(cut).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  if (line.size() > kLineShown) text += " (first " + std::to_string(kLineShown) + " bytes)";
  return text;
}
}  // namespace

// One agent program: its process, whether it still plays, its problems.
class AgentLink {
 public:
  AgentLink(std::string command, std::ostream& report, int timeout_ms)
      : command_(std::move(command)), report_(report), timeout_ms_(timeout_ms), process_(command_) {}
  ~AgentLink() {
    process_.end();
    if (dropped > 0)
      report_ << "hukum: agent (" + printable_text(command_, 200) + "): " + std::to_string(dropped) +
                     " line(s) that answered no decision were dropped (late answers, or lines not asked for)\n";
    if (problems_ > kAgentProblemsShown)
      report_ << "hukum: agent (" + printable_text(command_, 200) + "): " + std::to_string(problems_) +
                     " problems in all, " + std::to_string(problems_ - kAgentProblemsShown) + " not shown\n";
  }
  AgentProcess& process() { return process_; }
  int timeout_ms() const { return timeout_ms_; }
  bool dead() const { return dead_; }
  long problems() const { return problems_; }
  int match = 0;       // matches begun, 1-based in the messages
  std::unique_ptr<ActionIds> ids;  // the ruleset's fixed action ids, made at the first decision
  int timeouts = 0;    // answers missed in a row
  long dropped = 0;    // lines that came before a decision was sent

  // Starts the program and introduces the table the first time; "" when it
  // plays, else the problem: why it was given up until that is reported (a
  // message between decisions may find it gone), then "-".
  std::string ready(const Ruleset& rules, int seat) {
    if (dead_) return reported_dead_ ? "-" : why_dead_;
    if (process_.started()) return {};
    if (!process_.start()) return give_up("cannot start the command");
    if (!send(agent_start_message(rules, seat))) return give_up("cannot write to the agent (it exited)");
    return {};
  }
  bool send(const std::string& text) { return process_.send(text, timeout_ms_); }
  std::string give_up(const std::string& why) {
    if (!dead_) dead_ = true, why_dead_ = why;
    process_.close_input();
    return why;
  }
  void report(const std::string& seat, const std::string& why, const std::string& line, bool strict) {
    reported_dead_ = dead_;
    if (++problems_ > kAgentProblemsShown) return;
    std::string text = "hukum: agent at seat " + seat + " (" + printable_text(command_, 200) + "): " + why +
                       "; line: " + quoted(line) + "; " +
                       (strict ? "stopping the match" : dead_ ? "the seat plays the fallback (greedy) from now on"
                                                              : "playing the fallback (greedy)") + "\n";
    if (problems_ == kAgentProblemsShown)
      text += "hukum: agent (" + printable_text(command_, 200) + "): " + std::to_string(kAgentProblemsShown) +
              " problems shown; later ones are counted, not shown\n";
    report_ << text << std::flush;
  }

 private:
  std::string command_;
  std::ostream& report_;
  int timeout_ms_;
  AgentProcess process_;
  bool dead_ = false;  // it exited, could not start or stopped answering: fallback from now on
  bool reported_dead_ = false;
  std::string why_dead_;
  long problems_ = 0;
};

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

AgentPool::~AgentPool() {
  for (auto& [key, link] : links_) link->process().close_input();  // all exit together
  links_.clear();
}

std::shared_ptr<AgentLink> AgentPool::link(const Ruleset& rules, int slot, const std::string& command) {
  auto& link = links_[{&rules, slot}];
  if (!link) link = std::make_shared<AgentLink>(command, report_, timeout_ms_);
  return link;
}

AgentPlayer::AgentPlayer(std::string command, bool strict, uint64_t seed, std::ostream& report, int timeout_ms)
    : AgentPlayer(std::make_shared<AgentLink>(std::move(command), report, timeout_ms), strict, seed) {}

AgentPlayer::AgentPlayer(std::shared_ptr<AgentLink> link, bool strict, uint64_t seed)
    : link_(std::move(link)), strict_(strict), fallback_(std::make_unique<GreedyPlayer>(seed)) {}

AgentPlayer::~AgentPlayer() = default;

long AgentPlayer::problems() const { return link_->problems(); }

bool AgentPlayer::fall_back(const SeatView& view, const LegalActions& legal, Action* out, const std::string& why,
                            const std::string& line) {
  if (why != "-") link_->report(view.rules().seat_names[size_t(view.seat())], why, line, strict_);
  if (strict_) return false;
  return fallback_->choose(view, legal, out);
}

void AgentPlayer::told(const PlayEvent& e) {
  const Ruleset& rules = e.state.ruleset();
  if (e.kind == PlayEventKind::DealBegins) {
    match_scores_ = e.match_scores;
    if (e.match_deal == 1) ++link_->match;
  }
  if (!link_->ready(rules, e.seat).empty()) return;  // reported at its first decision
  std::string text;
  switch (e.kind) {
    case PlayEventKind::DealBegins:
      text = agent_deal_message(e.state, e.seat, link_->match, e.match_deal, e.match_scores);
      break;
    case PlayEventKind::DealEnds:
      text = agent_deal_result_message(e.state, e.seat, link_->match, e.match_deal, e.match_scores);
      break;
    case PlayEventKind::MatchEnds:
      text = agent_match_result_message(rules, e.seat, link_->match, e.match_deal, e.match_scores, e.match_winner);
      break;
  }
  if (!link_->send(text)) link_->give_up("cannot write to the agent (it exited or does not read its input)");
}

bool AgentPlayer::choose(const SeatView& view, const LegalActions& legal, Action* out) {
  const Ruleset& rules = view.rules();
  if (std::string why = link_->ready(rules, view.seat()); !why.empty()) return fall_back(view, legal, out, why, "");
  AgentProcess& process = link_->process();
  link_->dropped += process.drop_pending();  // a line sent before the question does not answer it
  const std::string observation = observation_text(rules, view.observe(match_scores_));
  if (!link_->ids) link_->ids = std::make_unique<ActionIds>(rules);
  std::vector<int> fixed;
  for (const Action& a : legal.list()) fixed.push_back(link_->ids->id(a, legal));
  if (!link_->send(agent_decide_message(rules, observation, legal.count(), fixed)))
    return fall_back(view, legal, out,
                     link_->give_up("cannot write to the agent (it exited or does not read its input)"), "");
  std::string line;
  switch (process.read_line(link_->timeout_ms(), &line)) {
    case AgentProcess::Read::Line:
      break;
    case AgentProcess::Read::Timeout: {
      std::string why = "no answer within " + std::to_string(link_->timeout_ms()) + " ms";
      if (++link_->timeouts >= kTimeoutsInARow)
        why = link_->give_up(why + ", " + std::to_string(kTimeoutsInARow) + " times in a row: the agent is given up");
      return fall_back(view, legal, out, why, line);
    }
    case AgentProcess::Read::TooLong:
      return fall_back(view, legal, out,
                       "the answer is longer than " + std::to_string(AgentProcess::kMaxLine) + " bytes (refused)", line);
    case AgentProcess::Read::Closed:
      return fall_back(view, legal, out, link_->give_up("the agent closed its output (exited)"), line);
  }
  link_->timeouts = 0;
  if (std::string why = read_agent_answer(rules, line, legal, out); !why.empty())
    return fall_back(view, legal, out, why, line);
  return true;
}

}  // namespace hukum
