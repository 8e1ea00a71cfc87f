// Skill share: a skilled bot against random, relative to random against
// random on the same deals (see skill.h).
#include "session/reports/skill.h"

#include <cmath>
#include <cstdio>

#include "session/reports/tally_reader.h"

namespace hukum {

namespace {

// The winner of every deal of a run, in deal order (one byte each: the team
// + 1, 0 for a draw), from the rows hooks, which see deals in unit order
// whatever the thread count: two runs on the same seeds line up deal by deal.
std::string winners(const Ruleset& rules, const SimulationPlan& plan, std::string* error) {
  std::string out;
  SimulationHooks hooks;
  hooks.format = [](std::string& rows, const DealRecord& d) { rows.push_back(char(d.winner_team + 1)); };
  hooks.write = [&](const std::string& rows) { out += rows; };
  const SimulationResult r = simulate(rules, plan, hooks);
  if (!r.error.empty()) *error = r.error;
  return out;
}

// 2 x team t's score in a deal: 2 for a win, 1 for a draw, 0 for a loss.
int halves(char winner, int t) { return winner == 0 ? 1 : winner == t + 1 ? 2 : 0; }

}  // namespace

Estimate SkillResult::edge() const {
  const Estimate h = mean_estimate(edge_halves.n, edge_halves.sum, edge_halves.sum_squares);
  return {h.value / 2, h.low / 2, h.high / 2};
}

Estimate SkillResult::share() const {
  const double room = 1 - baseline();
  if (pairs == 0 || room <= 0) return {0, 0, 1};  // no data
  const Estimate e = edge();
  return {e.value / room, e.low / room, e.high / room};
}

SkillResult measure_skill(const Ruleset& rules, const SimulationPlan& plan, const std::string& bot) {
  SkillResult s;
  s.bot = bot;
  SimulationPlan base = plan;
  base.seats.clear();
  const std::string baseline = winners(rules, base, &s.error);
  for (int t = 0; t < rules.teams && s.error.empty(); ++t) {
    SimulationPlan skilled = plan;
    skilled.seats.assign(size_t(rules.seats), "random");
    for (int seat = 0; seat < rules.seats; ++seat)
      if (rules.team_of[size_t(seat)] == t) skilled.seats[size_t(seat)] = bot;
    const std::string played = winners(rules, skilled, &s.error);
    for (size_t k = 0; k < played.size() && k < baseline.size(); ++k) {
      const int a = halves(baseline[k], t), b = halves(played[k], t);
      ++s.pairs, s.half_points_baseline += a, s.half_points_skilled += b;
      (void)s.edge_halves.add(b - a);  // values in [-2, 2]: the sums cannot pass 2^63
    }
  }
  return s;
}

nlohmann::ordered_json skill_json(const SkillResult& s) {
  auto interval = [](const Estimate& e) {
    auto tidy = [](double x) { return std::round(x * 1e6) / 1e6; };
    return nlohmann::ordered_json{{"value", tidy(e.value)}, {"low", tidy(e.low)}, {"high", tidy(e.high)}};
  };
  return {{"bot", s.bot},
          {"pairs", s.pairs},
          {"baseline_score", std::round(s.baseline() * 1e6) / 1e6},
          {"skilled_score", std::round(s.skilled() * 1e6) / 1e6},
          {"edge", interval(s.edge())},
          {"share", 1 - s.baseline() > 0 ? interval(s.share()) : nlohmann::ordered_json()},
          {"tally",
           {{"half_points_skilled", s.half_points_skilled},
            {"half_points_baseline", s.half_points_baseline},
            {"edge_halves", {s.edge_halves.n, s.edge_halves.sum, s.edge_halves.sum_squares}}}}};
}

SkillResult skill_from_json(const nlohmann::json& j) {
  const TallyReader r{"skill", j};
  SkillResult s;
  s.bot = r.at("bot").string();
  s.pairs = r.at("pairs").integer(0, INT64_MAX / 4);
  const TallyReader t = r.at("tally");
  s.half_points_skilled = t.at("half_points_skilled").integer(0, 2 * s.pairs);
  s.half_points_baseline = t.at("half_points_baseline").integer(0, 2 * s.pairs);
  s.edge_halves = t.at("edge_halves").moments();
  // One difference in [-2, 2] per pair, adding up to the two sums.
  const Moments& m = s.edge_halves;
  if (m.n != s.pairs || m.sum != s.half_points_skilled - s.half_points_baseline || m.sum_squares > 4 * m.n ||
      __int128(m.sum) * m.sum > __int128(m.n) * m.sum_squares)
    t.at("edge_halves").fail("not the sums of one difference per pair");
  return s;
}

std::string skill_text(const SkillResult& s) {
  char buf[512];
  const Estimate e = s.edge(), sh = s.share();
  std::string out = "Skill (" + s.bot + " in one side's seats, random in the others, each side in turn, on the same deals)\n";
  std::snprintf(buf, sizeof buf,
                "  score (win 1, draw 1/2) %.1f%% with %s against %.1f%% random: edge %+.1f points [%+.1f, %+.1f]\n",
                100 * s.skilled(), s.bot.c_str(), 100 * s.baseline(), 100 * e.value, 100 * e.low, 100 * e.high);
  out += buf;
  if (1 - s.baseline() > 0) {
    std::snprintf(buf, sizeof buf, "  skill share %.1f%% [%.1f, %.1f] of what random play left to win\n", 100 * sh.value,
                  100 * sh.low, 100 * sh.high);
    out += buf;
  } else {
    out += "  skill share: no data (random play already wins every deal)\n";
  }
  return out;
}

}  // namespace hukum
