// The messages of the agent protocol, hukum-agent/2 (docs/agent-protocol.md),
// as the JSON lines hukum writes: `start` once per program, `deal` as each
// deal begins, `decide` for each decision, `deal_result` and `match_result`.
// Only `decide` is answered; the reading of an answer is here too.
#pragma once

#include <string>
#include <vector>

#include "engine/action.h"
#include "engine/state.h"

namespace hukum {

inline constexpr const char* kAgentProtocol = "hukum-agent/2";

std::string agent_start_message(const Ruleset& rules, int seat);
std::string agent_deal_message(const GameState& state, int seat, int match, int match_deal,
                               const std::vector<int>& match_scores);
// `observation` is the seat's observation as JSON text (session/observation/observation.h).
// `fixed_ids`: each legal action's fixed id (session/observation/action_ids.h), in the legal order.
std::string agent_decide_message(const Ruleset& rules, const std::string& observation, int legal_count,
                                 const std::vector<int>& fixed_ids);
// After the deal: its result, the match totals with it.
std::string agent_deal_result_message(const GameState& state, int seat, int match, int match_deal,
                                      const std::vector<int>& match_scores);
std::string agent_match_result_message(const Ruleset& rules, int seat, int match, int deals,
                                       const std::vector<int>& match_scores, int winner);

// Reads an answer line: {"action": "text"}, {"action": id} or {"id": id},
// the id an index into the legal actions in canonical order. Returns "" and
// the action, or why the answer is refused (printable, bounded).
std::string read_agent_answer(const Ruleset& rules, const std::string& line, const LegalActions& legal,
                              Action* out);

}  // namespace hukum
