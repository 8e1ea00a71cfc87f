// Outside agents (session/bots/agent.cc): the Python example agent plays a
// whole match; a misbehaving one is reported line by line and replaced by the
// fallback, or stops the match when strict; a dead command never hangs.
#include <catch2/catch.hpp>

#include <sstream>

#include "session/bots/agent.h"
#include "session/bots/agent_messages.h"
#include "session/matches/match.h"
#include "session/matches/runner.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

struct Outcome {
  RunOutcome outcome;
  std::string report;
  long deals;
};

Outcome play_with_agent(const std::string& file, const std::string& command, bool strict, int timeout_ms = 10000) {
  const Ruleset r = test::load_bundled(file);
  Match match(r, 3, 1);
  REQUIRE(match.ok());
  std::ostringstream report;
  std::vector<std::unique_ptr<Player>> owned;
  std::vector<Player*> players;
  owned.push_back(std::make_unique<AgentPlayer>(command, strict, 1, report, timeout_ms));
  for (int s = 1; s < r.seats; ++s) owned.push_back(std::make_unique<RandomPlayer>(uint64_t(s)));
  for (auto& p : owned) players.push_back(p.get());
  const RunResult run = run_match(match, players);
  INFO(run.error);
  CHECK(run.outcome != RunOutcome::Failed);
  return {run.outcome, report.str(), match.deals_played()};
}

std::string agent_command(const std::string& flags = "") {
  return "python3 " + test::repo_path("examples/agents/lowest_card_agent.py") + flags;
}

}  // namespace

TEST_CASE("the example agent plays whole deals of every bundled game", "[unit][agent]") {
  for (const char* file : {"rulesets/mendikot/mendikot.yaml", "rulesets/twenty-eight/twenty-eight.yaml",
                           "rulesets/chinese-ten/chinese-ten.yaml", "rulesets/mpourloto/mpourloto.yaml",
                           "rulesets/euchre/euchre.yaml", "rulesets/bridge/bridge.yaml"}) {
    INFO(file);
    const Outcome o = play_with_agent(file, agent_command(), false);
    CHECK(o.outcome == RunOutcome::Finished);
    CHECK(o.deals == 1);
    CHECK(o.report.empty());
  }
}

TEST_CASE("bad answers are reported with the line and the fallback plays on", "[unit][agent]") {
  const Outcome o = play_with_agent("rulesets/twenty-eight/twenty-eight.yaml", agent_command(" --misbehave"), false);
  CHECK(o.outcome == RunOutcome::Finished);
  CHECK(o.report.find("the answer is not a JSON object; line: \"this is not json\"; playing the fallback (greedy)") !=
        std::string::npos);
  // The second answer names a card of the hand during the auction.
  CHECK(o.report.find("illegal action ") != std::string::npos);
  CHECK(o.report.find(" (legal: pass") != std::string::npos);
  CHECK(o.report.find("line: \"{\\\"action\\\": ") != std::string::npos);
}

TEST_CASE("a strict agent's bad answer stops the match", "[unit][agent]") {
  const Outcome o = play_with_agent("rulesets/mendikot/mendikot.yaml", agent_command(" --misbehave"), true);
  CHECK(o.outcome == RunOutcome::Stopped);
  CHECK(o.report.find("stopping the match") != std::string::npos);
}

TEST_CASE("a late, silent or missing agent falls back without hanging", "[unit][agent]") {
  // Never answers: every decision waits out the (short) deadline, then falls back.
  Outcome late = play_with_agent("rulesets/twenty-eight/twenty-eight.yaml", "sleep 30", false, 50);
  CHECK(late.outcome == RunOutcome::Finished);
  CHECK(late.report.find("no answer within 50 ms") != std::string::npos);
  Outcome gone = play_with_agent("rulesets/mendikot/mendikot.yaml", "exit 0", false);
  CHECK(gone.outcome == RunOutcome::Finished);
  CHECK(gone.report.find("exited") != std::string::npos);
}

TEST_CASE("an answer names an action by id or by text; anything else is refused with a reason", "[unit][agent]") {
  const Ruleset r = test::load_bundled("rulesets/mendikot/mendikot.yaml");
  Match match(r, 3, 1);
  REQUIRE(match.ok());
  REQUIRE(match.start_deal().empty());
  const GameState& st = match.state();
  const LegalActions& legal = st.legal();
  REQUIRE(legal.count() >= 2);
  Action a;
  CHECK(read_agent_answer(r, "{\"id\": 1}", legal, &a).empty());
  CHECK(a == legal.at(1));
  CHECK(read_agent_answer(r, "{\"action\": 0}", legal, &a).empty());
  CHECK(a == legal.at(0));
  const std::string text = action_text(r, legal.at(1));
  CHECK(read_agent_answer(r, "{\"action\": \"" + text + "\"}", legal, &a).empty());
  CHECK(a == legal.at(1));
  CHECK(read_agent_answer(r, "{\"id\": " + std::to_string(legal.count()) + "}", legal, &a).find("no legal action has the id") == 0);
  CHECK(read_agent_answer(r, "{\"id\": -1}", legal, &a).find("no legal action has the id -1") == 0);
  CHECK(read_agent_answer(r, "{\"action\": true}", legal, &a) == "the action is neither a text nor an integer id");
  CHECK(read_agent_answer(r, "{\"act\": 1}", legal, &a).find("has no \"action\"") != std::string::npos);
  CHECK(read_agent_answer(r, "{\"action\": \"\xff\"}", legal, &a) == "the answer is not a JSON object");
  CHECK(read_agent_answer(r, "[1]", legal, &a) == "the answer is not a JSON object");
  // The action text is shown escaped: a control character never reaches the terminal raw.
  CHECK(read_agent_answer(r, "{\"action\": \"\\u001b[31m\"}", legal, &a).find('\x1b') == std::string::npos);
}
