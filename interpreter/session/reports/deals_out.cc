// Per-deal rows for `simulate --deals-out` (see deals_out.h).
#include "session/reports/deals_out.h"

#include <nlohmann/json.hpp>

namespace hukum {

RowFormat row_format_for(const std::string& path) {
  const std::string ext = ".csv";
  const bool csv = path.size() >= ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  return csv ? RowFormat::Csv : RowFormat::JsonLines;
}

namespace {

// Names come from the ruleset (untrusted): quote a CSV field when it needs it.
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

std::string csv_header(const TallyShape& s) {
  std::string h = "match_seed,unit,match,deal,dealer,winner,result";
  for (const auto& team : s.team_names) {
    h += "," + csv_field(team + "_game_points") + "," + csv_field(team + "_points");
    if (s.fishing) h += "," + csv_field(team + "_bonus") + "," + csv_field(team + "_threshold_met");
    else h += "," + csv_field(team + "_tricks");
  }
  for (const auto& seat : s.seat_names) h += "," + csv_field(seat + (s.fishing ? "_cards" : "_tricks"));
  if (s.auction) h += ",bidder,contract";
  if (s.declaration) h += ",declared";
  return h + ",ended_early\n";
}

void append_row(std::string& out, RowFormat format, const TallyShape& s, const DealRecord& d) {
  std::string winner = d.winner_team < 0 ? "" : s.team_names[size_t(d.winner_team)];
  for (size_t t = 0; t < size_t(s.teams) && d.winner_teams != 0; ++t)  // a side of several teams: "A+D+E"
    if ((d.winner_teams >> t) & 1u) winner += (winner.empty() ? "" : "+") + s.team_names[t];
  const std::string bidder = d.bidder < 0 ? "" : s.seat_names[size_t(d.bidder)];
  if (format == RowFormat::Csv) {
    out += std::to_string(d.match_seed) + "," + std::to_string(d.unit) + "," + std::to_string(d.match) + "," +
           std::to_string(d.deal) + "," + csv_field(s.seat_names[size_t(d.dealer)]) + "," + csv_field(winner) + "," +
           csv_field(*d.name);
    for (size_t t = 0; t < size_t(s.teams); ++t) {
      out += "," + std::to_string(d.game_points[t]) + "," + std::to_string(d.points[t]);
      if (s.fishing) out += "," + std::to_string(d.bonus[t]) + "," + (d.threshold_met[t] ? "1" : "0");
      else out += "," + std::to_string(d.tricks[t]);
    }
    for (size_t i = 0; i < size_t(s.seats); ++i)
      out += "," + std::to_string(s.fishing ? d.seat_cards[i] : d.seat_tricks[i]);
    if (s.auction) out += "," + csv_field(bidder) + "," + (d.bidder < 0 ? "" : std::to_string(d.contract));
    if (s.declaration) out += d.declared ? ",1" : ",0";
    out += d.ended_early ? ",1\n" : ",0\n";
    return;
  }
  nlohmann::ordered_json j;
  j["match_seed"] = d.match_seed;
  j["unit"] = d.unit;
  j["match"] = d.match;
  j["deal"] = d.deal;
  j["dealer"] = s.seat_names[size_t(d.dealer)];
  j["winner"] = d.winner_team < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(winner);
  if (d.winner_teams != 0) {
    auto winners = nlohmann::ordered_json::array();
    for (size_t t = 0; t < size_t(s.teams); ++t)
      if ((d.winner_teams >> t) & 1u) winners.push_back(s.team_names[t]);
    j["winners"] = winners;
  }
  j["result"] = *d.name;
  nlohmann::ordered_json teams = nlohmann::ordered_json::object();
  for (size_t t = 0; t < size_t(s.teams); ++t) {
    nlohmann::ordered_json team = {{"game_points", d.game_points[t]}, {"points", d.points[t]}};
    if (s.fishing) team["bonus"] = d.bonus[t], team["threshold_met"] = bool(d.threshold_met[t]);
    else team["tricks"] = d.tricks[t];
    teams[s.team_names[t]] = team;
  }
  j["teams"] = teams;
  nlohmann::ordered_json seats = nlohmann::ordered_json::object();
  for (size_t i = 0; i < size_t(s.seats); ++i)
    seats[s.seat_names[i]] = {{s.fishing ? "cards" : "tricks", s.fishing ? d.seat_cards[i] : d.seat_tricks[i]}};
  j["seats"] = seats;
  if (s.auction) {
    j["bidder"] = d.bidder < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(bidder);
    j["contract"] = d.bidder < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(d.contract);
  }
  if (s.declaration) j["declared"] = d.declared;
  j["ended_early"] = d.ended_early;
  out += j.dump();
  out += '\n';
}

}  // namespace hukum
