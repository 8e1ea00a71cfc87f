// The tally and the report computed from it, on deals written by hand: every
// counter and every figure checked against values worked out on paper.
#include <catch2/catch.hpp>

#include "core/run_limits.h"
#include "session/reports/report.h"
#include "session/reports/stats.h"
#include "session/reports/tally.h"

using namespace hukum;

namespace {

TallyShape partnership_shape() {
  TallyShape s;
  s.seats = 4, s.teams = 2;
  s.seat_names = {"N", "E", "S", "W"};
  s.team_names = {"NS", "EW"};
  s.team_of = {0, 1, 0, 1};
  s.auction = true, s.declaration = true;
  s.bands = {{14, 19}, {20, 24}, {25, 28}};
  s.named_results = true;
  return s;
}

const std::string kNormal = "normal", kMendikot = "mendikot", kDraw = "draw";

// Three deals: NS win with E's failed contract of 16; EW win a declared 21;
// a draw without a contract.
std::vector<DealRecord> three_deals() {
  DealRecord a;
  a.dealer = 0, a.order = {0, 3, 2, 1}, a.winner_team = 0, a.name = &kNormal;
  a.points = {3, 1}, a.tricks = {9, 4}, a.game_points = {1, 0}, a.seat_tricks = {5, 2, 4, 2};
  a.bidder = 1, a.contract = 16;
  DealRecord b;
  b.dealer = 3, b.order = {3, 2, 1, 0}, b.winner_team = 1, b.name = &kMendikot;
  b.points = {0, 4}, b.tricks = {5, 8}, b.game_points = {0, 2}, b.seat_tricks = {3, 4, 2, 4};
  b.bidder = 3, b.contract = 21, b.declared = true;
  DealRecord c;
  c.dealer = 0, c.order = {0, 3, 2, 1}, c.winner_team = -1, c.name = &kDraw;
  c.points = {2, 2}, c.tricks = {6, 7}, c.game_points = {0, 0}, c.seat_tricks = {3, 3, 3, 4};
  return {a, b, c};
}

Tally tally_of(const std::vector<DealRecord>& deals) {
  Tally t(partnership_shape());
  for (const auto& d : deals) REQUIRE(t.add_deal(d));
  return t;
}

}  // namespace

TEST_CASE("A tally counts hand-written deals", "[report]") {
  Tally t = tally_of(three_deals());
  t.add_match(true, 8, 0, MatchFeel{});
  t.add_match(false, 3, 1, MatchFeel{});
  t.add_failure(5, true, "b");
  t.add_failure(2, false, "a");
  CHECK(t.deals == 3);
  CHECK(t.draws == 1);
  CHECK(t.wins == std::vector<int64_t>{1, 1});
  CHECK(t.points[0].sum == 5);
  CHECK(t.points[0].sum_squares == 13);
  CHECK(t.tricks[1].sum == 19);
  CHECK(t.game_points[1].sum == 2);
  CHECK(t.seat_tricks[3].sum == 10);
  // Dealer-relative: deal a, N deals and NS win -> positions 0 and 2; deal b,
  // W deals and EW win -> positions 0 (W) and 2 (E); the draw counts for no one.
  CHECK(t.position_wins == std::vector<int64_t>{2, 0, 2, 0});
  CHECK(t.position_game_points[0].sum == 3);  // 1 (NS, a) + 2 (EW, b) + 0
  CHECK(t.position_game_points[0].sum_squares == 5);
  // Contracts: 16 in band 14-19, failed by 15; 21 in 20-24, declared and made, short by 17 points.
  CHECK(t.bands[0].bids == 1);
  CHECK(t.bands[0].made == 0);
  CHECK(t.bands[0].margin.sum == -15);
  CHECK(t.bands[1].made == 1);
  CHECK(t.bands[1].margin.sum_squares == 289);
  CHECK(t.bands[3].bids == 0);
  CHECK(t.seat_bids == std::vector<int64_t>{0, 1, 0, 1});
  CHECK(t.seat_bids_made == std::vector<int64_t>{0, 0, 0, 1});
  CHECK(t.declared == 1);
  CHECK(t.declared_made == 1);
  CHECK(t.contracts.entries() == std::vector<std::pair<int, int64_t>>{{16, 1}, {21, 1}});
  CHECK(t.tricks_hist[0].entries() == std::vector<std::pair<int, int64_t>>{{5, 1}, {6, 1}, {9, 1}});
  CHECK(t.matches_complete == 1);
  CHECK(t.matches_cut == 1);
  CHECK(t.matches_won == std::vector<int64_t>{1, 0});
  CHECK(t.match_length.entries() == std::vector<std::pair<int, int64_t>>{{8, 1}});
  CHECK(t.invariant_failures == 1);
  CHECK(t.errors == 1);
  CHECK(t.first_failure == "a");
}

TEST_CASE("Tallies merge in any order and survive JSON", "[report]") {
  auto deals = three_deals();
  Tally whole = tally_of(deals);
  Tally first = tally_of({deals[2]}), second = tally_of({deals[0], deals[1]});
  second.merge(first);  // the draw's name seen last here, first in `whole`
  CHECK(tally_to_json(second) == tally_to_json(whole));
  Tally back = tally_from_json(nlohmann::json(tally_to_json(whole)), shape_from_json(nlohmann::json(shape_to_json(whole.shape))));
  CHECK(tally_to_json(back) == tally_to_json(whole));
}

TEST_CASE("A match longer than the score bound survives JSON (match lengths go to kMaxMatchDeals)", "[report]") {
  // A match of 150,000 deals (match.deals allows 1,000,000): the reader once
  // capped every histogram value at the score bound, 100,000, and refused it.
  Tally t(partnership_shape());
  const DealRecord draw = three_deals()[2];
  for (int k = 0; k < 150'000; ++k) REQUIRE(t.add_deal(draw));
  t.add_match(true, 150'000, -1, MatchFeel{});
  const nlohmann::json j(tally_to_json(t));
  Tally back = tally_from_json(j, t.shape);
  CHECK(back.match_length.entries() == std::vector<std::pair<int, int64_t>>{{150'000, 1}});
  nlohmann::json longer = j;
  longer["match_length"] = nlohmann::json::array({nlohmann::json::array({kMaxMatchDeals + 1, 1})});
  CHECK_THROWS_WITH(tally_from_json(longer, t.shape), Catch::Contains("out of range"));
}

TEST_CASE("Bad tally JSON is refused with its key path", "[report]") {
  Tally t = tally_of(three_deals());
  nlohmann::json j = tally_to_json(t);
  j["wins"] = {1};
  CHECK_THROWS_WITH(tally_from_json(j, t.shape), Catch::Contains("tally.wins: expected 2 entries"));
  j = tally_to_json(t);
  j["points_hist"][0][0][0] = 1 << 30;
  CHECK_THROWS_WITH(tally_from_json(j, t.shape), Catch::Contains("tally.points_hist[0][0][0]: out of range"));
  j = tally_to_json(t);
  j.erase("deals");
  CHECK_THROWS_WITH(tally_from_json(j, t.shape), Catch::Contains("missing key 'deals'"));
}

TEST_CASE("The report's figures come from the tally", "[report]") {
  Tally t = tally_of(three_deals());
  auto r = report_json(t);
  CHECK(r["teams"]["NS"]["deal_win_rate"]["value"] == Approx(0.333333));
  // Wilson interval of 1 in 3.
  CHECK(r["teams"]["NS"]["deal_win_rate"]["low"] == Approx(0.061492).margin(1e-6));
  CHECK(r["teams"]["NS"]["deal_win_rate"]["high"] == Approx(0.792337).margin(1e-6));
  // NS points 3, 0, 2: mean 5/3, s^2 = (13 - 25/3)/2 = 7/3, se = sqrt(7/9) = 0.881917.
  CHECK(r["teams"]["NS"]["points_per_deal"]["value"] == Approx(1.666667));
  CHECK(r["teams"]["NS"]["points_per_deal"]["high"] == Approx(1.666667 + kZ95 * 0.881917).margin(1e-5));
  CHECK(r["teams"]["EW"]["tricks_per_deal"]["value"] == Approx(19.0 / 3).margin(1e-6));
  CHECK(r["seats"]["E"]["bid_made_rate"]["value"] == 0);
  CHECK(r["dealer_relative"][0]["position"] == "dealer");
  CHECK(r["dealer_relative"][2]["team_win_rate"]["value"] == Approx(0.666667));
  CHECK(r["results"]["mendikot"]["count"] == 1);
  CHECK(r["draws"]["count"] == 1);
  CHECK(r["contracts"]["bands"].size() == 3);  // "other" left out: nothing fell there
  CHECK(r["contracts"]["bands"][1]["made_rate"]["value"] == 1);
  CHECK(r["contracts"]["bands"][0]["margin"]["value"] == -15);
  CHECK(r["contracts"]["declarations"]["made_rate"]["value"] == 1);
  CHECK(r["distributions"]["tricks"]["EW"] == nlohmann::json::parse("[[4,1],[7,1],[8,1]]"));
}

TEST_CASE("A fishing report has no tricks and no contracts", "[report]") {
  TallyShape s;
  s.fishing = true, s.seats = 3, s.teams = 3;
  s.seat_names = s.team_names = {"P1", "P2", "P3"};
  s.team_of = {0, 1, 2};
  Tally t(s);
  const std::string normal = "normal";
  DealRecord d;
  d.dealer = 1, d.order = {1, 2, 0}, d.winner_team = 2, d.name = &normal;
  d.points = {30, 40, 80}, d.game_points = {30, 40, 80}, d.bonus = {-10, -10, 20}, d.threshold_met = {false, false, true};
  d.seat_cards = {10, 14, 28};
  REQUIRE(t.add_deal(d));
  auto r = report_json(t);
  CHECK_FALSE(r["teams"]["P1"].contains("tricks_per_deal"));
  CHECK(r["teams"]["P3"]["bonus_per_deal"]["value"] == 20);
  CHECK(r["teams"]["P3"]["threshold_met_rate"]["value"] == 1);
  CHECK(r["seats"]["P2"]["cards_captured_per_deal"]["value"] == 14);
  CHECK_FALSE(r["distributions"].contains("tricks"));
  CHECK_FALSE(r.contains("contracts"));
  RunInfo info;
  info.ruleset = "Fish";
  const std::string text = report_text(info, t);
  CHECK(text.find("tricks") == std::string::npos);
  CHECK(text.find("bonus 20.00") != std::string::npos);
  CHECK(text.find("cards captured 28.00") != std::string::npos);
}

TEST_CASE("A figure with no data says so instead of an interval", "[report]") {
  // Band 25-28 had no contract, N never won the auction, and no match ended.
  Tally t = tally_of(three_deals());
  auto r = report_json(t);
  CHECK(r["contracts"]["bands"][2]["count"] == 0);
  CHECK(r["contracts"]["bands"][2]["made_rate"].is_null());
  CHECK(r["contracts"]["bands"][2]["margin"].is_null());
  CHECK(r["seats"]["N"]["bid_made_rate"].is_null());
  CHECK(r["matches"]["tie_rate"].is_null());
  CHECK(r["teams"]["NS"]["match_win_rate"].is_null());
  // A rate of something is never the whole range: band 14-19 was bid once and failed.
  CHECK(r["contracts"]["bands"][0]["made_rate"]["high"] == Approx(0.793451).margin(1e-6));
  RunInfo info;
  info.ruleset = "Fixture";
  const std::string text = report_text(info, t);
  CHECK(text.find("  25-28   bid 0.00% [0.00, 65.76]  no contracts: no data\n") != std::string::npos);
  CHECK(text.find("100.00]") == std::string::npos);
  CHECK(text.find("% [0.00, 0.00]") == std::string::npos);
  CHECK(text.find("wins the auction 0.00% [0.00, 56.15], makes it no data\n") != std::string::npos);
}
