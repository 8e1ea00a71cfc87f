// The seat kind table (see seat_kinds.h).
#include "session/matches/seat_kinds.h"

#include <iostream>

#include "session/bots/agent.h"
#include "session/bots/bot_kinds.h"

namespace hukum {

namespace {

std::string no_argument(const std::string& /*arg*/, bool has_arg) {
  return has_arg ? "takes nothing after ':'" : "";
}

// greedy, pimc, ismcts: their budgets are parsed by session/bots/bot_kinds.cc.
std::string bot_argument(std::string_view name, const std::string& arg, bool has_arg) {
  std::string why;
  const std::string kind = std::string(name) + (has_arg ? ":" + arg : "");
  if (is_bot_kind(kind, &why)) return {};
  return why.empty() ? "not a bot kind" : why;
}

template <const std::string_view& kName>
std::string check_bot(const std::string& arg, bool has_arg) { return bot_argument(kName, arg, has_arg); }

template <const std::string_view& kName>
std::unique_ptr<Player> make_search_bot(const std::string& arg, const SeatSetup& setup) {
  return make_bot(std::string(kName) + (arg.empty() ? "" : ":" + arg), setup.seed);
}

std::string agent_command(const std::string& arg, bool has_arg) {
  return has_arg && !arg.empty() ? "" : "needs the command to run after ':' (agent:python3 my_agent.py)";
}

// Agents report their problems on the terminal's error stream.
template <bool kStrict>
std::unique_ptr<Player> make_agent(const std::string& arg, const SeatSetup& setup) {
  if (setup.agents && setup.rules)
    return std::make_unique<AgentPlayer>(setup.agents->link(*setup.rules, setup.slot, arg), kStrict, setup.seed);
  return std::make_unique<AgentPlayer>(arg, kStrict, setup.seed, std::cerr, agent_timeout_ms());
}

constexpr std::string_view kGreedy = "greedy", kPimc = "pimc", kIsmcts = "ismcts";

}  // namespace

const std::vector<SeatKind>& seat_kinds() {
  static const std::vector<SeatKind> kinds = {
      {"human", "human", "you, at the terminal", true, no_argument,
       [](const std::string&, const SeatSetup& s) -> std::unique_ptr<Player> {
         return make_terminal_player(*s.in, *s.out, s.scores, s.terminal);
       }},
      {"random", "random", "a uniformly random legal action", false, no_argument,
       [](const std::string&, const SeatSetup& s) -> std::unique_ptr<Player> {
         return std::make_unique<RandomPlayer>(s.seed);
       }},
      {kGreedy, "greedy", "one-ply rules of thumb (docs/bots.md)", false, check_bot<kGreedy>, make_search_bot<kGreedy>},
      {kPimc, "pimc[:N]", "perfect-information Monte Carlo over N sampled worlds", false, check_bot<kPimc>,
       make_search_bot<kPimc>},
      {kIsmcts, "ismcts[:N|:Tms]", "information-set tree search, N iterations or T milliseconds", false,
       check_bot<kIsmcts>, make_search_bot<kIsmcts>},
      {"agent", "agent:COMMAND", "an outside program over JSON lines (docs/agent-protocol.md); a bad answer plays greedy",
       false, agent_command, make_agent<false>},
      {"agent-strict", "agent-strict:COMMAND", "the same, but a bad answer stops the match", false, agent_command,
       make_agent<true>},
  };
  return kinds;
}

const SeatKind* find_seat_kind(const std::string& kind, std::string* arg, bool* has_arg) {
  const size_t colon = kind.find(':');
  const std::string name = kind.substr(0, colon);
  *has_arg = colon != std::string::npos;
  *arg = *has_arg ? kind.substr(colon + 1) : std::string();
  for (const SeatKind& k : seat_kinds())
    if (k.name == name) return &k;
  return nullptr;
}

std::string seat_kind_problem(const std::string& kind) {
  std::string arg;
  bool has_arg = false;
  const SeatKind* k = find_seat_kind(kind, &arg, &has_arg);
  if (!k) return "unknown seat kind '" + kind + "' (expected " + seat_kind_forms() + ")";
  std::string why = k->check(arg, has_arg);
  if (why.empty()) return {};
  // The bots' own messages already name the kind ("seat kind 'pimc:0': ...").
  return why.rfind("seat kind", 0) == 0 ? why : "seat kind '" + kind + "': " + std::string(k->name) + " " + why;
}

std::unique_ptr<Player> make_seat_player(const std::string& kind, const SeatSetup& setup) {
  std::string arg;
  bool has_arg = false;
  const SeatKind* k = find_seat_kind(kind, &arg, &has_arg);
  if (!k || !k->check(arg, has_arg).empty()) return std::make_unique<RandomPlayer>(setup.seed);  // callers check kinds first
  return k->make(arg, setup);
}

std::string seat_kind_forms() {
  std::string out;
  for (const SeatKind& k : seat_kinds()) out += (out.empty() ? "" : ", ") + std::string(k.syntax);
  return out;
}

}  // namespace hukum
