// The JSON lines of hukum-agent/2 (see agent_messages.h). Every name comes
// from the ruleset; a seat's figures are its team's.
#include "session/bots/agent_messages.h"

#include <nlohmann/json.hpp>

#include "diag/diagnostic.h"
#include "session/observation/action_ids.h"
#include "session/matches/returns.h"

namespace hukum {

namespace {

using ojson = nlohmann::ordered_json;

ojson header(const char* type) {
  ojson j;
  j["protocol"] = kAgentProtocol;
  j["type"] = type;
  return j;
}

std::string line_of(const ojson& j) {
  // Names come from rulesets: never let an odd byte throw (replace it).
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

ojson per_team(const Ruleset& rules, const std::vector<int>& values) {
  ojson j = ojson::object();
  for (size_t t = 0; t < values.size() && t < rules.team_names.size(); ++t) j[rules.team_names[t]] = values[t];
  return j;
}

ojson team_or_null(const Ruleset& rules, int team) {
  return team >= 0 && size_t(team) < rules.team_names.size() ? ojson(rules.team_names[size_t(team)]) : ojson(nullptr);
}

}  // namespace

std::string agent_start_message(const Ruleset& rules, int seat) {
  ojson j = header("start");
  j["ruleset"] = rules.name;
  j["seats"] = rules.seat_names;
  ojson teams = ojson::object();
  for (size_t t = 0; t < rules.team_names.size(); ++t) {
    ojson members = ojson::array();
    for (int s = 0; s < rules.seats; ++s)
      if (rules.team_of[size_t(s)] == t) members.push_back(rules.seat_names[size_t(s)]);
    teams[rules.team_names[t]] = members;
  }
  j["teams"] = teams;
  j["seat"] = rules.seat_names[size_t(seat)];
  j["match"] = {{"deals", rules.match.deals}, {"target", rules.match.target}, {"lowest_wins", rules.match.lowest_wins}};
  j["action_ids"] = "index";  // an id is the index of the action in `legal`
  j["fixed_action_count"] = ActionIds(rules).size();  // decide's fixed_ids lie in 0..this - 1
  return line_of(j);
}

std::string agent_deal_message(const GameState& state, int seat, int match, int match_deal,
                               const std::vector<int>& match_scores) {
  const Ruleset& rules = state.ruleset();
  ojson j = header("deal");
  j["match"] = match;
  j["deal"] = match_deal;
  j["seat"] = rules.seat_names[size_t(seat)];
  j["dealer"] = rules.seat_names[size_t(state.dealer())];
  j["match_scores"] = per_team(rules, match_scores);
  return line_of(j);
}

std::string agent_decide_message(const Ruleset& rules, const std::string& observation, int legal_count,
                                 const std::vector<int>& fixed_ids) {
  // The observation is already JSON text: spliced in, not parsed again (a
  // decision of a fast agent costs about as much as a few deals of bots).
  std::string text = "{\"protocol\":\"" + std::string(kAgentProtocol) + "\",\"type\":\"decide\",\"ruleset\":" +
                     ojson(rules.name).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
                     ",\"legal_ids\":[";
  for (int i = 0; i < legal_count; ++i) text += (i ? "," : "") + std::to_string(i);
  text += "],\"fixed_ids\":[";
  for (size_t i = 0; i < fixed_ids.size(); ++i) text += (i ? "," : "") + std::to_string(fixed_ids[i]);
  text += "],\"observation\":" + observation + "}\n";
  return text;
}

std::string agent_deal_result_message(const GameState& state, int seat, int match, int match_deal,
                                      const std::vector<int>& match_scores) {
  const Ruleset& rules = state.ruleset();
  const DealResult& r = state.result();
  ojson j = header("deal_result");
  j["match"] = match;
  j["deal"] = match_deal;
  j["seat"] = rules.seat_names[size_t(seat)];
  j["result"] = r.name;
  j["winner"] = team_or_null(rules, r.winner_team);
  if (r.winner_teams != 0) {  // a side of several teams won
    ojson winners = ojson::array();
    for (int t = 0; t < rules.teams; ++t)
      if (r.won_by(t)) winners.push_back(rules.team_names[size_t(t)]);
    j["winners"] = winners;
  }
  j["points"] = per_team(rules, r.points);
  j["tricks"] = per_team(rules, r.tricks);
  j["game_points"] = per_team(rules, r.game_points);
  // Each seat's return (session/matches/returns.h): more is better, and the returns
  // of a two-team game sum to zero.
  ojson returns = ojson::object();
  const std::vector<double> by_seat = seat_returns(rules, r.game_points);
  for (int s = 0; s < rules.seats; ++s) returns[rules.seat_names[size_t(s)]] = by_seat[size_t(s)];
  j["returns"] = returns;
  if (r.bidder >= 0) {
    const int team = int(rules.team_of[size_t(r.bidder)]);
    j["contract"] = {{"bidder", rules.seat_names[size_t(r.bidder)]}, {"value", r.contract},
                     {"made", r.won_by(team)}};
  } else {
    j["contract"] = nullptr;
  }
  j["match_scores"] = per_team(rules, match_scores);
  return line_of(j);
}

std::string agent_match_result_message(const Ruleset& rules, int seat, int match, int deals,
                                       const std::vector<int>& match_scores, int winner) {
  ojson j = header("match_result");
  j["match"] = match;
  j["deals"] = deals;
  j["seat"] = rules.seat_names[size_t(seat)];
  j["winner"] = team_or_null(rules, winner);
  j["match_scores"] = per_team(rules, match_scores);
  return line_of(j);
}

std::string read_agent_answer(const Ruleset& rules, const std::string& line, const LegalActions& legal,
                              Action* out) {
  // Invalid UTF-8 makes the parse fail: a refused answer, never an exception.
  const nlohmann::json answer = nlohmann::json::parse(line, nullptr, false);
  if (answer.is_discarded() || !answer.is_object()) return "the answer is not a JSON object";
  auto id = answer.find("id");
  if (id == answer.end()) id = answer.find("action");
  if (id == answer.end()) return "the answer has no \"action\" (text or id) and no \"id\"";
  if (id->is_number_integer() || id->is_number_unsigned()) {
    const auto i = id->get<long long>();
    if (i < 0 || i >= legal.count())
      return "no legal action has the id " + std::to_string(i) + " (ids are 0 to " + std::to_string(legal.count() - 1) + ")";
    *out = legal.at(int(i));
    return {};
  }
  if (!id->is_string()) return "the action is neither a text nor an integer id";
  const std::string text = id->get<std::string>();
  std::string reason;
  if (!parse_action(rules, text, legal, out, &reason))
    return "the action is not one of this game: " + printable_text(reason, 200);
  if (!legal.contains(*out))
    return "illegal action " + printable_text(text, 64) + " (legal: " + printable_text(legal_text(rules, legal), 200) + ")";
  return {};
}

}  // namespace hukum
