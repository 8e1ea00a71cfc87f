// Game-feel measures against answers worked out by hand: courses of matches
// written out deal by deal, and simulations of tests/fixtures/report/coin.yaml,
// whose deals are fair coin flips (one card each from A and K: the ace wins)
// so that a match of three deals is one of eight equally likely walks:
//
//   winners  leader after each deal  lead changes  winner trailed  led for good
//   AAA      A A A                   0             no              3 of 3
//   AAB      A A A                   0             no              3 of 3
//   ABA      A - A                   0             no              1 of 3
//   ABB      A - B                   1             yes             1 of 3
//   BAA, BAB, BBA, BBB: the same with A and B swapped.
//
// So lead changes per match 2/8 = 0.25, comebacks 2/8 = 0.25, and the winner
// leads for good over (4 x 1 + 4 x 1/3) / 8 = 2/3 of the deals. With two-deal
// matches half are tied (AB, BA). Every decision has one legal answer. With
// `game: two_cards` each seat decides twice a deal, the first time between
// its two spades and the second with one card left: 1.5 answers a decision,
// half of them forced. With `game: lead_wins` (the aces of two suits) the seat
// after the dealer always wins: +50 points over an even share, the dealer -50.
#include <catch2/catch.hpp>

#include "session/reports/feel_report.h"
#include "session/reports/game_feel.h"
#include "session/reports/report.h"
#include "session/reports/simulate.h"
#include "session/reports/tally_check.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

// The course of a two-side match from its deal winners ("ABB"), one point a deal.
MatchFeel walk(const std::string& winners, bool lowest_wins = false) {
  MatchCourse c;
  c.start(2, lowest_wins);
  std::vector<int> totals{0, 0};
  for (char w : winners) {
    ++totals[w == 'A' ? 0 : 1];
    c.deal_done(totals);
  }
  const int winner = totals[0] == totals[1] ? -1 : (totals[0] > totals[1]) != lowest_wins ? 0 : 1;
  return c.finish(winner);
}

Tally simulate_coin(const std::map<std::string, std::string>& options, long deals) {
  const Ruleset rules = test::load_bundled("tests/fixtures/report/coin.yaml", options);
  SimulationPlan plan;
  plan.deals = deals;
  plan.seed = 5;
  plan.threads = 2;
  SimulationResult r = simulate(rules, plan);
  REQUIRE(r.error.empty());
  REQUIRE(r.tally.errors == 0);
  return r.tally;
}

}  // namespace

TEST_CASE("The course of a match: lead changes, comebacks, the lead for good", "[report][feel]") {
  MatchFeel m = walk("AAB");
  CHECK(m.lead_changes == 0);
  CHECK_FALSE(m.winner_trailed);
  CHECK(m.led_for_good == 3);
  m = walk("ABA");  // the tie after deal 2 is no lead change, but the lead for good starts after it
  CHECK(m.lead_changes == 0);
  CHECK_FALSE(m.winner_trailed);
  CHECK(m.led_for_good == 1);
  m = walk("ABB");
  CHECK(m.lead_changes == 1);
  CHECK(m.winner_trailed);
  CHECK(m.led_for_good == 1);
  CHECK(m.decided);
  m = walk("AABBBAB");  // totals 1-0 2-0 2-1 2-2 2-3 3-3 3-4: ahead A A A - B - B
  CHECK(m.lead_changes == 1);
  CHECK(m.winner_trailed);
  CHECK(m.led_for_good == 1);
  m = walk("ABAB");  // a tie: no winner, nothing decided
  CHECK_FALSE(m.decided);
  CHECK(m.lead_changes == 0);
  // Lowest score wins: the side with fewer points is ahead.
  m = walk("ABB", true);  // totals 1-0, 1-1, 1-2: A ahead after deal 3 and the winner
  CHECK(m.lead_changes == 1);
  CHECK(m.winner_trailed);
  CHECK(m.led_for_good == 1);
  // Three sides: A leads, then C, then A again: two changes.
  MatchCourse c;
  c.start(3, false);
  c.deal_done({2, 0, 1});
  c.deal_done({2, 0, 3});
  c.deal_done({5, 1, 3});
  m = c.finish(0);
  CHECK(m.lead_changes == 2);
  CHECK(m.winner_trailed);
  CHECK(m.led_for_good == 1);
}

TEST_CASE("Game feel of coin flips: three-deal matches", "[report][feel]") {
  const Tally t = simulate_coin({}, 60000);  // 20,000 matches
  REQUIRE(t.matches_complete == 20000);
  const auto f = feel_json(t);
  INFO(f.dump(2));
  const auto& m = f["matches"];
  CHECK(double(m["lead_changes_per_match"]["value"]) == Approx(0.25).margin(0.015));
  CHECK(double(m["comeback_rate"]["value"]) == Approx(0.25).margin(0.015));
  CHECK(double(m["decisiveness"]["value"]) == Approx(2.0 / 3).margin(0.01));
  CHECK(m["decided"] == 20000);
  CHECK(double(m["tie_rate"]["value"]) == 0);
  // Each known answer inside its 95% interval (this seed).
  for (const auto& [key, want] : {std::pair<const char*, double>{"lead_changes_per_match", 0.25},
                                  {"comeback_rate", 0.25},
                                  {"decisiveness", 2.0 / 3}}) {
    INFO(key);
    CHECK(double(m[key]["low"]) <= want);
    CHECK(double(m[key]["high"]) >= want);
  }
  CHECK(m["length"]["median"] == 3);
  CHECK(m["length"]["longest"] == 3);
  // One card each: one decision per seat per deal, always forced.
  CHECK(f["decisions"]["per_deal"] == 2.0);
  CHECK(f["decisions"]["one_legal_answer"] == 1.0);
  CHECK(f["decisions"]["branching_factor"] == 1.0);
  CHECK(f["decisions"]["seats"]["A"]["decisions_per_deal"]["value"] == 1.0);
  // A fair coin: no advantage to either seat.
  CHECK(double(f["advantage"]["first_seat"]["low"]) < 0);
  CHECK(double(f["advantage"]["first_seat"]["high"]) > 0);
  const std::string text = feel_text(t, 6);
  CHECK(text.find("lead changes per match 0.2") != std::string::npos);
  CHECK(text.find("1.00 per deal, 100.0% with one legal answer, 1.00 legal answers") != std::string::npos);
}

TEST_CASE("Game feel of coin flips: two-deal matches tie half the time", "[report][feel]") {
  const Tally t = simulate_coin({{"deals", "2"}}, 40000);
  const auto m = feel_json(t)["matches"];
  CHECK(double(m["tie_rate"]["value"]) == Approx(0.5).margin(0.015));
  CHECK(double(m["lead_changes_per_match"]["value"]) == 0);  // A then a tie, or A then A
  CHECK(double(m["comeback_rate"]["value"]) == 0);
  CHECK(double(m["decisiveness"]["value"]) == 1);  // AA or BB: ahead from the first deal
  CHECK(double(m["decisiveness"]["low"]) < 1);     // ... but 1 of n is not certainty
}

TEST_CASE("Decisions and the branching factor: two cards each", "[report][feel]") {
  const Tally t = simulate_coin({{"game", "two_cards"}}, 3000);
  const auto d = feel_json(t)["decisions"];
  CHECK(d["per_deal"] == 4.0);
  CHECK(d["one_legal_answer"] == 0.5);
  CHECK(d["branching_factor"] == 1.5);
  CHECK(d["seats"]["B"]["decisions_per_deal"]["value"] == 2.0);
  CHECK(d["seats"]["B"]["decisions_per_deal"]["low"] == 2.0);  // every deal the same
  CHECK(d["seats"]["B"]["legal_answers_per_decision"] == 1.5);
}

TEST_CASE("First-seat and dealer advantage: the leader always wins", "[report][feel]") {
  const Tally t = simulate_coin({{"game", "lead_wins"}}, 3000);
  const auto a = feel_json(t)["advantage"];
  CHECK(a["even_share"] == 0.5);
  CHECK(a["first_seat"]["value"] == 0.5);
  CHECK(a["dealer"]["value"] == -0.5);
  CHECK(double(a["dealer"]["high"]) > -0.5);  // Wilson: 0 of 3000 is not exactly 0
  CHECK(feel_text(t, 6).find("first seat  +50.0 points") != std::string::npos);
}

TEST_CASE("Game-feel totals merge, survive JSON, and are checked when read", "[report][feel]") {
  const Tally whole = simulate_coin({}, 600);
  nlohmann::json j = tally_to_json(whole);
  const Tally back = tally_from_json(j, whole.shape);
  CHECK(tally_to_json(back) == tally_to_json(whole));
  // A version-1 tally has no "feel": read, with no game feel to report.
  nlohmann::json old = j;
  old.erase("feel");
  const Tally v1 = tally_from_json(old, whole.shape);
  CHECK_FALSE(v1.feel.measured);
  CHECK(feel_json(v1).is_null());
  CHECK(feel_text(v1, 6).empty());
  Tally merged = whole;
  merged.merge(v1);
  CHECK_FALSE(merged.feel.measured);  // half unknown is unknown
  // Impossible totals are refused.
  j["feel"]["forced"][0] = 100000;
  CHECK_THROWS_WITH(tally_from_json(j, whole.shape), Catch::Contains("more forced decisions than decisions"));
  j = tally_to_json(whole);
  j["feel"]["comebacks"] = 1000;
  CHECK_THROWS_WITH(tally_from_json(j, whole.shape), Catch::Contains("comebacks out of range"));
  j = tally_to_json(whole);
  j["feel"]["lead_changes"][0] = 10000;
  CHECK_THROWS_WITH(tally_from_json(j, whole.shape), Catch::Contains("lead changes"));
}

TEST_CASE("Quantiles of a histogram", "[report][feel]") {
  Histogram h;
  h.add(3, 5), h.add(4, 3), h.add(9, 2);
  CHECK(histogram_quantile(h, 0) == 3);
  CHECK(histogram_quantile(h, 0.5) == 3);
  CHECK(histogram_quantile(h, 0.6) == 4);
  CHECK(histogram_quantile(h, 0.9) == 9);
  CHECK(histogram_quantile(Histogram{}, 0.5) == 0);
}

TEST_CASE("Positions from the dealer count a seat that sat the deal out", "[report][feel]") {
  // Twenty-eight's Thani makes the declarer's partner sit out; the dealer and
  // dealer+2 are partners all the same, so their sides win the same deals.
  const Ruleset rules =
      test::load_bundled("rulesets/twenty-eight/twenty-eight.yaml", {{"thani", "true"}, {"cot", "true"}});
  SimulationPlan plan(600, 3, 2);
  const Tally t = simulate(rules, plan).tally;
  REQUIRE(t.declared > 0);
  CHECK(t.position_wins[0] == t.position_wins[2]);
  CHECK(t.position_wins[1] == t.position_wins[3]);
  CHECK(t.position_wins[0] + t.position_wins[1] + t.draws == t.deals);
}
