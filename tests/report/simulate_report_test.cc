// Simulations whose answers are known: figures recounted from the per-deal
// records by plain loops, the same tally whatever the threads or shards,
// game points that Lua adds, a deal replayed from its match seed, and
// Mendikot's exact probabilities under random play.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "session/reports/compare.h"
#include "session/reports/paired.h"
#include "session/matches/deal_series.h"
#include "session/reports/report.h"
#include "session/reports/simulate.h"
#include "session/reports/stats.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

struct Recorded {
  std::vector<DealRecord> deals;
  std::vector<std::string> names;
};

SimulationResult run_recording(const Ruleset& rules, const SimulationPlan& plan, Recorded* out) {
  SimulationHooks hooks;
  hooks.format = [out](std::string&, const DealRecord& d) {
    out->deals.push_back(d);
    out->names.push_back(*d.name);
  };
  hooks.write = [](const std::string&) {};
  return simulate(rules, plan, hooks);
}

// Every figure of the report recounted from the records with plain loops.
void check_recount(const Ruleset& rules, const SimulationResult& result, const Recorded& rec) {
  const Tally& t = result.tally;
  REQUIRE(t.deals == long(rec.deals.size()));
  const auto r = report_json(t);
  for (int team = 0; team < rules.teams; ++team) {
    int64_t wins = 0, gp = 0, gp2 = 0, pts = 0;
    for (const auto& d : rec.deals) {
      wins += d.winner_team == team;
      gp += d.game_points[size_t(team)], gp2 += int64_t(d.game_points[size_t(team)]) * d.game_points[size_t(team)];
      pts += d.points[size_t(team)];
    }
    const auto& rt = r["teams"][rules.team_names[size_t(team)]];
    CHECK(rt["deals_won"] == wins);
    CHECK(rt["deal_win_rate"]["value"] == Approx(double(wins) / double(t.deals)).margin(1e-6));
    const double n = double(t.deals), mean = double(gp) / n;
    const double se = std::sqrt((double(gp2) - n * mean * mean) / (n - 1) / n);
    CHECK(rt["game_points_per_deal"]["value"] == Approx(mean).margin(1e-6));
    CHECK(rt["game_points_per_deal"]["high"] == Approx(mean + 1.96 * se).margin(1e-4));
    CHECK(rt["points_per_deal"]["value"] == Approx(double(pts) / n).margin(1e-6));
  }
  // Dealer-relative: the dealer's own side, found from the dealer seat alone.
  int64_t dealer_side = 0;
  for (const auto& d : rec.deals) dealer_side += d.winner_team == rules.team_of[size_t(d.dealer)];
  CHECK(r["dealer_relative"][0]["team_win_rate"]["value"] == Approx(double(dealer_side) / double(t.deals)).margin(1e-6));
  // Seats' tricks add up to their teams' tricks, seat by seat through the deals.
  if (rules.family != Family::Fishing)
    for (int seat = 0; seat < rules.seats; ++seat) {
      int64_t tricks = 0;
      for (const auto& d : rec.deals) tricks += d.seat_tricks[size_t(seat)];
      CHECK(r["seats"][rules.seat_names[size_t(seat)]]["tricks_per_deal"]["value"] ==
            Approx(double(tricks) / double(t.deals)).margin(1e-6));
    }
  // Matches: a new match starts at deal 0 of its unit's match counter; every
  // deal belongs to a complete match or to the one cut at its unit's end.
  int64_t match_starts = 0, deals_in_complete = 0;
  for (const auto& d : rec.deals) match_starts += d.deal == 0;
  for (const auto& [len, count] : t.match_length.entries()) deals_in_complete += int64_t(len) * count;
  CHECK(t.matches_complete + t.matches_cut == match_starts);
  CHECK(deals_in_complete <= t.deals);
  CHECK(t.matches_cut <= (t.deals + 49) / 50);
  if (rules.match.target == 0 && t.deals % rules.match.deals == 0) {
    CHECK(t.matches_cut == 0);
    CHECK(t.matches_complete == t.deals / rules.match.deals);
  }
  std::map<std::string, int64_t> names;
  for (const auto& n : rec.names) ++names[n];
  CHECK(r["results"].size() == names.size());
  for (const auto& [n, c] : names) CHECK(r["results"][n]["count"] == c);
  if (r.contains("contracts")) {
    int64_t bids = 0, made = 0;
    for (const auto& d : rec.deals)
      if (d.bidder >= 0) ++bids, made += d.winner_team == rules.team_of[size_t(d.bidder)];
    int64_t band_bids = 0, band_made = 0;
    for (const auto& b : r["contracts"]["bands"]) {
      if (b["count"] == 0) {  // a band nobody bid has no made rate: no data
        CHECK(b["made_rate"].is_null());
        continue;
      }
      band_bids += b["count"].get<int64_t>();
      band_made += std::llround(b["made_rate"]["value"].get<double>() * b["count"].get<double>());
    }
    CHECK(band_bids == bids);
    CHECK(band_made == made);
  }
}

}  // namespace

TEST_CASE("Report figures recount from the deals: Mendikot, Twenty-eight with Cot and Thani, Chinese Ten", "[report]") {
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> cases = {
      {"rulesets/mendikot/mendikot.yaml", {}},
      {"rulesets/twenty-eight/twenty-eight.yaml", {{"cot", "true"}, {"thani", "true"}}},
      {"rulesets/chinese-ten/chinese-ten.yaml", {{"players", "3"}}}};
  for (const auto& [file, options] : cases) {
    INFO(file);
    Ruleset rules = test::load_bundled(file, options);
    Recorded rec;
    SimulationResult res = run_recording(rules, SimulationPlan{600, 9, 1, 0, 1}, &rec);
    REQUIRE(res.error.empty());
    CHECK(res.tally.invariant_failures == 0);
    check_recount(rules, res, rec);
  }
}

TEST_CASE("Threads and shards give the tally of one run", "[report]") {
  Ruleset rules = test::load_bundled("rulesets/twenty-eight/twenty-eight.yaml", {{"cot", "true"}});
  const auto one = tally_to_json(simulate(rules, SimulationPlan{1234, 5, 1, 0, 1}).tally);
  CHECK(tally_to_json(simulate(rules, SimulationPlan{1234, 5, 2, 0, 1}).tally) == one);
  Tally merged(shape_of(rules));
  for (int k = 2; k >= 0; --k) merged.merge(simulate(rules, SimulationPlan{1234, 5, 2, k, 3}).tally);
  CHECK(tally_to_json(merged) == one);
  CHECK(merged.deals == 1234);
}

TEST_CASE("A deal's match seed replays its match", "[report]") {
  Ruleset rules = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", "cut_hukum"}});
  Recorded rec;
  run_recording(rules, SimulationPlan{40, 3, 1, 0, 1}, &rec);
  const DealRecord& d = rec.deals[13];  // unit 0 (48 deals: six matches of 8), match 1, deal 5
  REQUIRE(d.unit == 0);
  REQUIRE(d.match == 1);
  REQUIRE(d.deal == 5);
  // What `hukum play FILE --seed <match_seed>` does: the match of that seed, bots from it.
  Match match(rules, d.match_seed);
  std::vector<RandomPlayer> bots;
  for (int s = 0; s < rules.seats; ++s) bots.emplace_back(Rng::derive(d.match_seed, 0xB07 + uint64_t(s)));
  std::vector<Player*> players;
  for (auto& b : bots) players.push_back(&b);
  std::vector<DealResult> results;
  RunHooks hooks;
  hooks.deal_done = [&](const Match& m) { results.push_back(m.state().result()); };
  run_match(match, players, hooks);
  REQUIRE(results.size() == 8);
  CHECK(results[5].winner_team == d.winner_team);
  CHECK(results[5].points[0] == d.points[0]);
  CHECK(results[5].tricks[1] == d.tricks[1]);
  CHECK(results[5].name == rec.names[13]);
}

TEST_CASE("Game points that Lua adds count in the report", "[report]") {
  auto dir = std::filesystem::temp_directory_path() / "hukum-tests";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "report_bonus.lua") << "function bonus() game.add_score(1, 5) end\n";
  Ruleset rules = test::load_text("extends: " + test::repo_path("rulesets/mendikot/mendikot.yaml") +
                                  "\nhooks:\n  scripts: [report_bonus.lua]\n  deal_scored: {call: bonus}\n",
                                  {{"trump_method", "cut_hukum"}});
  Tally t = simulate(rules, SimulationPlan{400, 2, 1, 0, 1}).tally;
  // One game point per deal won (weighted_tally off), plus 5 to EW in every deal.
  CHECK(t.game_points[0].sum == t.wins[0]);
  CHECK(t.game_points[1].sum == t.wins[1] + 5 * 400);
  const auto r = report_json(t);
  CHECK(r["teams"]["EW"]["game_points_per_deal"]["value"] == Approx(5 + double(t.wins[1]) / 400).margin(1e-6));
}

TEST_CASE("Mendikot random play: one team takes all four tens 16.26%, all 13 tricks 0.113%", "[report]") {
  // Exact figures from an independent program (issue 11): P(all four tens)
  // = 0.1626 +- 0.0003, P(13 tricks) = 0.00113, for random play with a trump
  // suit known from the start (a random card fixes it; any suit is alike).
  Ruleset rules = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", "random_card"}});
  const long n = 1000000;
  Tally t = simulate(rules, SimulationPlan{n, 11, 2, 0, 1}).tally;
  REQUIRE(t.deals == n);
  const auto r = report_json(t);
  // Taking all four tens is a mendikot, or a whitewash (13 tricks hold all tens too).
  const int64_t all_tens = r["results"]["mendikot"]["count"].get<int64_t>() + r["results"]["whitewash"]["count"].get<int64_t>();
  const Estimate tens = rate_estimate(all_tens, n);
  CHECK(tens.low - 0.0003 <= 0.1626);
  CHECK(0.1626 <= tens.high + 0.0003);
  const auto& ww = r["results"]["whitewash"]["rate"];
  CHECK(ww["low"].get<double>() <= 0.00113);
  CHECK(0.00113 <= ww["high"].get<double>());
  // And the interval is as narrow as a million deals allow.
  CHECK(tens.high - tens.low < 0.0015);
}

TEST_CASE("a comparison of two variants on the same deals pairs its per-deal figures", "[report][paired]") {
  const Ruleset a = test::load_bundled("rulesets/mendikot/mendikot.yaml");
  SimulationPlan plan;
  plan.deals = 2000;
  plan.seed = 17;
  plan.threads = 2;
  // Identical variants: every paired difference is exactly zero, with an
  // interval of zero width (the independent method gives a wide one).
  {
    const PairedSimulation run = simulate_paired(a, a, plan);
    REQUIRE(run.paired.pairs() == 2000);
    const auto diffs = differences_json(run.a.tally, run.b.tally, &run.paired);
    int paired = 0;
    for (const auto& d : diffs) {
      if (d["method"] != "paired") continue;
      ++paired;
      INFO(d["figure"]);
      CHECK(d["difference"]["low"] == 0.0);
      CHECK(d["difference"]["high"] == 0.0);
    }
    CHECK(paired == 8);  // NS and EW: win rate, game points, points, tricks
    const auto independent = differences_json(run.a.tally, run.b.tally);
    CHECK(double(independent[1]["difference"]["high"]) > 0.01);
  }
  // A known small effect: weighted_tally scores a mendikot 2 and a whitewash
  // 3 instead of 1, on the very same deals. Paired, the change shows with a
  // small fraction of the deals the independent method needs.
  const Ruleset b = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"weighted_tally", "true"}});
  const PairedSimulation run = simulate_paired(a, b, plan);
  const auto paired = differences_json(run.a.tally, run.b.tally, &run.paired);
  const auto independent = differences_json(run.a.tally, run.b.tally);
  bool found = false;
  for (size_t k = 0; k < paired.size(); ++k) {
    if (paired[k]["figure"] != "NS game points per deal") continue;
    found = true;
    REQUIRE(paired[k]["method"] == "paired");
    REQUIRE(independent[k]["method"] == "independent");
    const double pa = double(paired[k]["difference"]["high"]) - double(paired[k]["difference"]["low"]);
    const double in = double(independent[k]["difference"]["high"]) - double(independent[k]["difference"]["low"]);
    // Both methods agree on the difference itself (the same deals in both runs).
    CHECK(double(paired[k]["difference"]["value"]) == Approx(double(independent[k]["difference"]["value"])).margin(1e-6));
    CHECK(double(paired[k]["difference"]["value"]) > 0);
    CHECK(paired[k]["significant"] == true);
    // Deals needed for the same interval scale with its width squared.
    const double ratio = (in / pa) * (in / pa);
    INFO("interval width paired " << pa << ", independent " << in << ": the independent method needs " << ratio
                                  << " times the deals");
    CHECK(ratio > 4);
  }
  CHECK(found);
}

TEST_CASE("a paired figure whose sums would pass 2^63 is compared unpaired, and its saved form reads back", "[report][paired]") {
  const Ruleset rules = test::load_bundled("rulesets/mendikot/mendikot.yaml");
  const TallyShape shape = shape_of(rules);
  PairedTally t(shape, shape);
  const size_t figures = t.to_json()["differences"].size();
  REQUIRE(figures > 1);
  // Hook scores may reach about 10^9 a deal: a difference of 4 * 10^9 squares past 2^63 in one pair.
  std::vector<int64_t> a(figures, 0), b(figures, 0);
  b[1] = 4'000'000'000;
  t.add_unit({a}, {b});
  t.add_unit({a}, {a});
  const auto written = t.to_json();
  const std::string name = written["differences"].begin().key();
  std::string big;
  for (const auto& [key, value] : written["differences"].items())
    if (value.is_null()) big = key;
  REQUIRE_FALSE(big.empty());
  CHECK(t.find(big) == nullptr);     // compared unpaired
  REQUIRE(t.find(name) != nullptr);  // the others stay paired
  CHECK(t.find(name)->n == 2);
  const nlohmann::json saved = nlohmann::json::parse(written.dump());
  const PairedTally back = PairedTally::from_json(saved, shape, shape);
  CHECK(back.find(big) == nullptr);
  CHECK(back.to_json().dump() == written.dump());
}
