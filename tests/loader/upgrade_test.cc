// hukum upgrade: files written for the earlier format (fishing.specials,
// fishing.redeal, fishing.bonuses) are rewritten to the hooks and parameters
// of rulesets/lib/fishing_specials.lua, and the numeric auction (`- auction`
// with the `auction` key) to the calls step, the rest of the file as written,
// and the upgraded file plays exactly like the bundled game it was.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "ruleset/loader.h"
#include "ruleset/upgrade.h"
#include "session/reports/simulate.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// As the command line loads it: the bundled library is on the search path
// (the upgraded file, outside rulesets/, names fishing_specials itself).
LoadResult load(const std::string& path) {
  return load_ruleset(LoadRequest{path, {}, {}, {test::repo_path("rulesets")}});
}

// The game points of a simulation: sum and sum of squares per team.
std::vector<int64_t> game_points(const char* file) {
  LoadResult loaded = load(test::repo_path(file));
  REQUIRE(loaded.ok());
  const Ruleset& rules = *loaded.ruleset;
  const SimulationResult run = simulate(rules, SimulationPlan{300, 11, 1});
  REQUIRE(run.error.empty());
  REQUIRE(run.tally.invariant_failures == 0);
  REQUIRE(run.tally.errors == 0);
  std::vector<int64_t> out;
  for (const Moments& m : run.tally.game_points) out.push_back(m.sum), out.push_back(m.sum_squares);
  return out;
}

}  // namespace

TEST_CASE("upgrade rewrites the retired fishing keys and keeps the rest of the file", "[loader][upgrade]") {
  for (const char* name : {"main_mela_v1", "red_five_v1"}) {
    const std::string old_path = test::repo_path(std::string("tests/fixtures/upgrade/") + name + ".yaml");
    const std::string upgraded_path = test::repo_path(std::string("tests/fixtures/upgrade/") + name + ".upgraded.yaml");
    INFO(name);
    // The earlier format no longer loads...
    CHECK_FALSE(load(old_path).ok());
    // ...and upgrades to the committed file, which loads.
    UpgradeResult up = upgrade_ruleset_text(read_text(old_path), old_path);
    CHECK(up.problems.empty());
    CHECK(up.changed());
    CHECK(up.text == read_text(upgraded_path));
    CHECK(load(upgraded_path).ok());
    // Comments and untouched keys stay as written.
    CHECK_THAT(up.text, Catch::Contains("(hukum upgrade rewrites it: upgrade_test.cc)."));
    CHECK_THAT(up.text, Catch::Contains("extends: ../../../rulesets/chinese-ten/chinese-ten.yaml"));
    // Upgrading again changes nothing.
    UpgradeResult again = upgrade_ruleset_text(up.text, upgraded_path);
    CHECK_FALSE(again.changed());
    CHECK(again.text == up.text);
  }
  const std::string main_mela = read_text(test::repo_path("tests/fixtures/upgrade/main_mela_v1.upgraded.yaml"));
  CHECK_THAT(main_mela, Catch::Contains("  layout_clears: true\n"));
  CHECK_THAT(main_mela, Catch::Contains("hook_params: {dealer_takes: 0, taken_together: 0, redeal_special_at_least: 3, "
                                        "redeal_stuck: true}"));
  CHECK_THAT(main_mela, Catch::Contains("  thresholds: ~                       # none given\n"));
}

TEST_CASE("an upgraded file plays exactly like the bundled variant", "[loader][upgrade]") {
  CHECK(game_points("tests/fixtures/upgrade/main_mela_v1.upgraded.yaml") ==
        game_points("rulesets/chinese-ten/variants/main_mela.yaml"));
  CHECK(game_points("tests/fixtures/upgrade/red_five_v1.upgraded.yaml") ==
        game_points("rulesets/chinese-ten/variants/red_five_bonus.yaml"));
}

TEST_CASE("upgrade names what it cannot rewrite and leaves the file as it is", "[loader][upgrade]") {
  const std::string path = test::repo_path("tests/fixtures/upgrade/scopa_kings_v1.yaml");
  const std::string text = read_text(path);
  UpgradeResult up = upgrade_ruleset_text(text, "scopa_kings_v1.yaml");
  CHECK_FALSE(up.changed());
  CHECK(up.text == text);
  CHECK(up.problems.to_string() ==
        "scopa_kings_v1.yaml:8:24: error: options.kings_redeal.values.true.fishing.redeal: written inline: replace "
        "options.kings_redeal.values.true.fishing.redeal by hand with hooks: {libraries: [fishing_specials], "
        "step_done: {call: fishing_specials.first_layout}} and hook_params: {redeal_special_at_least: 3}\n");
  // Two bonus lines: the library pays one.
  UpgradeResult two = upgrade_ruleset_text(
      "name: x\nfishing:\n  bonuses:\n    a: {cards: [5H, 5D], from_each: 10}\n    b: {cards: [AS, AC], from_each: 5}\n",
      "two.yaml");
  CHECK_THAT(two.problems.to_string(), Catch::Contains("fishing.bonuses has 2 lines"));
  // A current file has nothing to upgrade.
  const std::string current = read_text(test::repo_path("rulesets/chinese-ten/chinese-ten.yaml"));
  UpgradeResult none = upgrade_ruleset_text(current, "chinese-ten.yaml");
  CHECK_FALSE(none.changed());
  CHECK(none.problems.empty());
  CHECK(none.text == current);
}

TEST_CASE("upgrade rewrites the numeric auction into the calls step", "[loader][upgrade]") {
  const std::string old_path = test::repo_path("tests/fixtures/upgrade/twenty_eight_v1.yaml");
  const std::string upgraded_path = test::repo_path("tests/fixtures/upgrade/twenty_eight_v1.upgraded.yaml");
  // The earlier spelling no longer loads, naming the upgrade...
  LoadResult old = load(old_path);
  CHECK_FALSE(old.ok());
  CHECK_THAT(old.diagnostics.to_string(), Catch::Contains("`hukum upgrade FILE` rewrites the file"));
  // ...which writes the calls step in place of the step word (the option
  // value's too) and cuts the key, the comments and the rest as written.
  UpgradeResult up = upgrade_ruleset_text(read_text(old_path), old_path);
  INFO(up.problems.to_string());
  CHECK(up.problems.empty());
  CHECK(up.changes.size() == 4);  // the two steps, the key, and play.must_follow_suit
  CHECK(up.text == read_text(upgraded_path));
  CHECK_THAT(up.text, Catch::Contains(
                          "  - {calls: {calls: {word: bid, from: 14, to: 28}, opener: dealer_next, opener_must_bid: "
                          "true, reentry: true, partner_overcall_min: 20, passes_to_end: 3}}  # 3.5\n"));
  CHECK_THAT(up.text, Catch::Contains("# option thani_stop_on_first_loss"));
  CHECK(up.text.find("\nauction:") == std::string::npos);
  CHECK_THAT(up.text, Catch::Contains("  obligations: [follow_suit]\n"));
  CHECK(load(upgraded_path).ok());
  UpgradeResult again = upgrade_ruleset_text(up.text, upgraded_path);
  CHECK_FALSE(again.changed());
  CHECK(again.text == up.text);
  // It plays exactly as the bundled game, written with the calls step.
  CHECK(game_points("tests/fixtures/upgrade/twenty_eight_v1.upgraded.yaml") ==
        game_points("rulesets/twenty-eight/twenty-eight.yaml"));
}

TEST_CASE("upgrade of the numeric auction: flow lists, passes_to_end 0, and what it leaves to the author", "[loader][upgrade]") {
  // In a flow list; passes_to_end 0 was every other seat, the calls step's default.
  UpgradeResult flow = upgrade_ruleset_text(
      "name: x\ndeal: [deal, auction]\nauction: {min_bid: 0, max_bid: 8, passes_to_end: 0}\nplay: {}\n", "flow.yaml");
  CHECK(flow.problems.empty());
  CHECK(flow.text == "name: x\ndeal: [deal, {calls: {calls: {word: bid, from: 0, to: 8}}}]\nplay: {}\n");
  // The step in a file it extends: the key alone cannot be rewritten.
  UpgradeResult key_only = upgrade_ruleset_text("extends: base.yaml\nauction: {min_bid: 5, max_bid: 8}\n", "k.yaml");
  CHECK_FALSE(key_only.changed());
  CHECK(key_only.problems.to_string() ==
        "k.yaml:2:1: error: auction: no auction step of this file uses it (a file it extends has the step?): write "
        "the calls step with these keys by hand\n");
  // An option value that changes the key but not the steps.
  UpgradeResult option = upgrade_ruleset_text(
      "name: x\ndeal: [deal, auction]\nauction: {min_bid: 1, max_bid: 8}\noptions:\n  low:\n    description: d\n"
      "    default: a\n    values:\n      a: {}\n      b: {auction: {min_bid: 0}}\n",
      "o.yaml");
  CHECK_FALSE(option.changed());
  CHECK_THAT(option.problems.to_string(), Catch::Contains("options.low.values.b.auction: an option value's auction "
                                                          "without its own deal steps"));
}

TEST_CASE("upgrade writes play.obligations for the must_* keys, block or flow, options too", "[loader][upgrade]") {
  UpgradeResult block = upgrade_ruleset_text(
      "name: x\nplay:\n  first_lead: dealer_next\n  must_follow_suit: true   # follow\n  must_trump_when_void: true\n"
      "  must_overtrump: true\n  trump: {method: none}\n",
      "b.yaml");
  CHECK(block.problems.empty());
  CHECK(block.text ==
        "name: x\nplay:\n  first_lead: dealer_next\n  obligations: [follow_suit, trump_if_void, overruff]  # follow\n"
        "  trump: {method: none}\n");
  // A variant's flow map: must_follow_suit absent is its default, true.
  UpgradeResult flow = upgrade_ruleset_text(
      "extends: ../mendikot.yaml\nplay: {must_trump_when_void: true}\noptions:\n  o:\n    description: d\n"
      "    default: a\n    values:\n      a: {}\n      b: {play: {first_lead: dealer, must_follow_suit: false}}\n",
      "v.yaml");
  CHECK(flow.problems.empty());
  CHECK(flow.text == "extends: ../mendikot.yaml\nplay: {obligations: [follow_suit, trump_if_void]}\noptions:\n  o:\n"
                     "    description: d\n    default: a\n    values:\n      a: {}\n      b: {play: {first_lead: dealer, "
                     "obligations: []}}\n");
  // Written beside the list, the keys agreed with it: they go.
  UpgradeResult listed = upgrade_ruleset_text(
      "name: x\nplay: {must_follow_suit: true, obligations: [follow_suit, head_trick], must_overtrump: false}\n", "l.yaml");
  CHECK(listed.problems.empty());
  CHECK(listed.text == "name: x\nplay: {obligations: [follow_suit, head_trick]}\n");
}

TEST_CASE("upgrade cuts the keys taken out, block style, options too, and names the inline ones", "[loader][upgrade]") {
  UpgradeResult block = upgrade_ruleset_text(
      "name: x\nteams:\n  layout: alternate\n  names:\n    - Us\n    - Them\nplay:\n  first_lead:\n"
      "    holder_of: 2C\n    otherwise: dealer   # nobody holds it\nmelds:\n  sequences:\n    name: run\n"
      "    values: {3: 20}\noptions:\n  o:\n    description: d\n    default: a\n    values:\n      a: {}\n"
      "      b:\n        teams:\n          names: [A, B]\n",
      "b.yaml");
  INFO(block.problems.to_string());
  CHECK(block.problems.empty());
  CHECK(block.text ==
        "name: x\nteams:\n  layout: alternate\nplay:\n  first_lead:\n    holder_of: 2C\nmelds:\n  sequences:\n"
        "    values: {3: 20}\noptions:\n  o:\n    description: d\n    default: a\n    values:\n      a: {}\n"
        "      b:\n        teams:\n");
  CHECK(block.changes.size() == 4);
  // Inside a flow map the key is named, and the file is left as it is.
  UpgradeResult flow = upgrade_ruleset_text("name: x\nteams: {layout: alternate, names: [Us, Them]}\n", "f.yaml");
  CHECK_FALSE(flow.problems.empty());
  CHECK(flow.problems.to_string().find("teams.names") != std::string::npos);
  CHECK(flow.text == "name: x\nteams: {layout: alternate, names: [Us, Them]}\n");
}

}  // namespace hukum
