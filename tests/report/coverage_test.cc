// Rule coverage (session/reports/coverage.h) against the answers worked out by hand
// in tests/fixtures/coverage/coverage.yaml: on the six deals of the four
// cards, follow_suit removes a card at 4 of 24 card decisions, trump_if_void at
// none, the trick_done hook changes something at 6 of its 12 calls, `slam` is
// the result of 4 deals and the default result `normal` of none.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "session/reports/coverage.h"
#include "session/matches/match.h"
#include "session/matches/players.h"
#include "session/reports/simulate.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

const char* kFixture = "tests/fixtures/coverage/coverage.yaml";

const CoverageTally::Row& row(const CoverageTally& t, const std::string& kind, const std::string& rule) {
  for (const auto& r : t.rows)
    if (r.kind == kind && r.rule == rule) return r;
  FAIL("no row " << kind << " " << rule);
  static CoverageTally::Row none;
  return none;
}

const char* kHook = "hooks.trick_done coverage.trick_done";

}  // namespace

TEST_CASE("Rule coverage: the rules of the fixture, in order", "[report][coverage]") {
  const Ruleset rules = test::load_bundled(kFixture);
  std::vector<std::string> names;
  for (const auto& r : coverage_rules(rules)) names.push_back(std::string(to_string(r.kind)) + " " + r.name);
  CHECK(names == std::vector<std::string>{"play obligation follow_suit", "play obligation trump_if_void",
                                          std::string("hook ") + kHook, "scoring result slam (2 game points)",
                                          "scoring result normal (1 game point)"});
}

TEST_CASE("Rule coverage: the six deals of the fixture give the worked-out counts", "[report][coverage]") {
  const Ruleset rules = test::load_bundled(kFixture);
  const std::vector<CoverageRule> catalogue = coverage_rules(rules);
  const char* const cards[] = {"AS", "KS", "AH", "KH"};
  for (uint64_t seed : {1, 2, 3}) {  // the players' choices do not change the counts
    INFO("seed " << seed);
    Match match(rules, seed, 100);
    REQUIRE(match.ok());
    CoverageCounter counter(rules, &catalogue, &match.state());
    RandomPlayer player(seed);
    for (int a = 0; a < 4; ++a)
      for (int b = a + 1; b < 4; ++b) {
        FixedDeal fixed;
        fixed.hands.resize(2);
        for (int c = 0; c < 4; ++c)
          fixed.hands[c == a || c == b ? 0 : 1].push_back(rules.deck.parse_card(cards[c]));
        REQUIRE(match.start_deal(&fixed) == "");
        GameState& st = match.state();
        while (!st.deal_over()) {
          const Action action = player.pick(st.legal());
          counter.decision(action);
          REQUIRE(st.apply(action) == "");
        }
        counter.deal_done();
        REQUIRE(match.finish_deal() == "");
      }
    const CoverageTally& t = counter.tally();
    CHECK(t.deals == 6);
    CHECK(t.card_decisions == 24);
    CHECK(row(t, "play", "obligation follow_suit").fired == 4);
    CHECK(row(t, "play", "obligation follow_suit").over == 24);
    CHECK(row(t, "play", "obligation trump_if_void").fired == 0);
    CHECK(row(t, "play", "obligation trump_if_void").over == 24);
    CHECK(row(t, "hook", kHook).fired == 6);
    CHECK(row(t, "hook", kHook).over == 12);
    CHECK(row(t, "scoring", "result slam (2 game points)").fired == 4);
    CHECK(row(t, "scoring", "result slam (2 game points)").over == 6);
    CHECK(row(t, "scoring", "result normal (1 game point)").fired == 0);
    CHECK(row(t, "scoring", "result normal (1 game point)").over == 6);
    const std::string text = coverage_text(t, {});
    CHECK(text.find("never fired: play obligation trump_if_void; scoring result normal (1 game point)\n") !=
          std::string::npos);
  }
}

TEST_CASE("Rule coverage: a simulation counts the same, whatever the threads", "[report][coverage]") {
  const Ruleset rules = test::load_bundled(kFixture);
  SimulationPlan plan{3000, 5, 1};
  plan.coverage = true;
  const SimulationResult one = simulate(rules, plan);
  plan.threads = 2;
  const SimulationResult two = simulate(rules, plan);
  REQUIRE(one.error.empty());
  const CoverageTally& t = one.coverage;
  CHECK(coverage_json(t, {}) == coverage_json(two.coverage, {}));
  CHECK(t.deals == 3000);
  CHECK(t.card_decisions == 4 * 3000);
  CHECK(row(t, "hook", kHook).fired == 3000);  // exactly one trick a deal holds AH
  CHECK(row(t, "hook", kHook).over == 6000);
  CHECK(row(t, "play", "obligation trump_if_void").fired == 0);
  CHECK(row(t, "scoring", "result normal (1 game point)").fired == 0);
  // Random deals: 2/3 of them mixed (one follow_suit decision each), 2/3 slams;
  // 3000 deals put both within 0.035 of 2/3 (over four standard deviations).
  CHECK(double(row(t, "play", "obligation follow_suit").fired) / 3000 == Approx(2.0 / 3).margin(0.035));
  CHECK(double(row(t, "scoring", "result slam (2 game points)").fired) / 3000 == Approx(2.0 / 3).margin(0.035));
  // Without --coverage nothing is counted.
  plan.coverage = false;
  CHECK(simulate(rules, plan).coverage.empty());
}

TEST_CASE("Rule coverage: an option's value is judged by the rules it brings", "[report][coverage]") {
  const Ruleset yes = test::load_bundled(kFixture);
  const auto options = coverage_options(yes, {});
  REQUIRE(options.size() == 1);
  CHECK(options[0].option == "void_trumps");
  CHECK(options[0].value == "yes");
  CHECK(options[0].rules == std::vector<std::string>{"play obligation trump_if_void"});
  const Ruleset no = test::load_bundled(kFixture, {{"void_trumps", "no"}});
  const auto options_no = coverage_options(no, {});
  REQUIRE(options_no.size() == 1);
  CHECK(options_no[0].value == "no");
  CHECK(options_no[0].rules.empty());  // it only takes a rule away: not judged
  CoverageTally t = coverage_tally(coverage_rules(yes));
  const auto j = coverage_json(t, options);
  CHECK(j["options"][0]["fired"] == false);  // trump_if_void never fired
  CHECK(coverage_json(t, options_no)["options"][0]["fired"].is_null());
  CHECK(coverage_text(t, options).find("  option  void_trumps=yes: never fired (its rules: play obligation trump_if_void)\n") !=
        std::string::npos);
}

TEST_CASE("Rule coverage: JSON reads back, and tallies merge by adding", "[report][coverage]") {
  const Ruleset rules = test::load_bundled(kFixture);
  SimulationPlan plan{200, 9, 1};
  plan.coverage = true;
  const CoverageTally t = simulate(rules, plan).coverage;
  const auto options = coverage_options(rules, {});
  std::vector<CoverageOption> read_options;
  const CoverageTally back = coverage_from_json(nlohmann::json::parse(coverage_json(t, options).dump()), &read_options);
  CHECK(coverage_json(back, read_options) == coverage_json(t, options));
  CoverageTally twice = t;
  twice.merge(t);
  CHECK(twice.deals == 2 * t.deals);
  CHECK(row(twice, "hook", kHook).over == 2 * row(t, "hook", kHook).over);
  auto bad = nlohmann::json::parse(coverage_json(t, {}).dump());
  bad["rules"][0]["fired"] = bad["rules"][0]["over"].get<int64_t>() + 1;
  CHECK_THROWS_WITH(coverage_from_json(bad, nullptr), Catch::Contains("coverage.rules[0]"));
  bad["rules"][0]["fired"] = -1;
  CHECK_THROWS(coverage_from_json(bad, nullptr));
  bad["rules"][0]["fired"] = 0;
  bad["rules"][0]["over"] = int64_t(1) << 60;  // past what a JSON reader keeps exactly
  CHECK_THROWS_WITH(coverage_from_json(bad, nullptr), Catch::Contains("2^53"));
  // Sums stop at the largest count rather than wrap.
  CoverageTally big = t, huge = t;
  big.deals = huge.deals = INT64_MAX - 1;
  big.merge(huge);
  CHECK(big.deals == INT64_MAX);
}

TEST_CASE("Rule coverage: every bundled ruleset runs with it", "[report][coverage]") {
  for (const char* game : {"mendikot", "twenty-eight", "chinese-ten", "hearts", "oh-hell", "truf", "mpourloto",
                           "euchre", "scopa", "bridge", "skat", "french-tarot", "belote", "casino", "koikoi",
                           "pinochle", "spades", "sheepshead",
                           "five-hundred", "jass", "twenty-nine"}) {
    INFO(game);
    const Ruleset rules = test::load_bundled(std::string("rulesets/") + game + "/" + game + ".yaml");
    SimulationPlan plan{60, 1, 1};
    plan.coverage = true;
    const SimulationResult r = simulate(rules, plan);
    REQUIRE(r.error.empty());
    CHECK(r.tally.errors == 0);
    CHECK(r.tally.invariant_failures == 0);
    CHECK(r.coverage.deals == 60);
    CHECK(r.coverage.card_decisions > 0);
    CHECK(!r.coverage.rows.empty());
    // Coverage watches; it does not change the games played.
    plan.coverage = false;
    CHECK(tally_to_json(simulate(rules, plan).tally) == tally_to_json(r.tally));
  }
}

TEST_CASE("Rule coverage: the hooks' recording context forwards every function of HookContext", "[report][coverage]") {
  auto read = [](const std::string& relative) {
    std::ifstream in(test::repo_path(relative));
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
  const std::string context = read("interpreter/engine/hook_context.h");
  const std::string coverage = read("interpreter/session/reports/coverage.cc");
  REQUIRE(!context.empty());
  const std::string body = context.substr(0, context.find("inline bool hook_condition_holds"));
  // Each `virtual ... name(` of the interface must be an override in coverage.cc.
  const std::regex virtual_fn(R"(virtual\s[^;{(]*?\b(\w+)\s*\()");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(body.begin(), body.end(), virtual_fn); it != std::sregex_iterator(); ++it)
    names.insert((*it)[1]);
  CHECK(names.size() > 60);
  for (const auto& name : names) {
    if (name == "HookContext") continue;  // the destructor
    INFO(name);
    CHECK(std::regex_search(coverage, std::regex("\\b" + name + "\\([^)]*\\)( const)? override")));
  }
}
