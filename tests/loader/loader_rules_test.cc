// Loader behaviour on small rulesets written inline: defaults, extends overlays,
// teams layouts, deck building, merge rules and the content hash.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

#include "engine/action.h"
#include "ruleset/loader.h"

using namespace hukum;
namespace fs = std::filesystem;

namespace {

// Writes files into a fresh temporary folder; returns the path of the first.
class TempRulesets {
 public:
  TempRulesets() {
    dir_ = fs::temp_directory_path() / ("hukum_loader_" + std::to_string(::getpid()) + "_" +
                                        std::to_string(counter_++));
    fs::create_directories(dir_);
  }
  ~TempRulesets() { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    fs::path p = dir_ / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }

 private:
  static inline int counter_ = 0;
  fs::path dir_;
};

const char* kSmall = R"(name: Small
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9, 8, 7]}
)";

LoadResult load_text(TempRulesets& files, const std::string& text,
                     std::map<std::string, std::string> options = {}) {
  return load_ruleset({files.write("r.yaml", text), std::move(options)});
}

}  // namespace

TEST_CASE("defaults of a minimal ruleset", "[loader]") {
  TempRulesets files;
  LoadResult res = load_text(files, kSmall);
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  const Ruleset& r = *res.ruleset;
  CHECK(r.seats == 4);
  CHECK(r.seat_names == std::vector<std::string>{"N", "E", "S", "W"});
  CHECK(r.teams == 4);  // no teams key: every seat for itself
  CHECK(r.team_names == r.seat_names);
  CHECK(r.direction == Direction::Clockwise);
  CHECK(r.deck.cards.size() == 32);
  CHECK(r.hand_size == 8);  // the whole deck, evenly
  REQUIRE(r.deal.size() == 1);
  CHECK(r.deal[0].packets == std::vector<int>{8});
  CHECK(r.play.must_follow_suit);
  CHECK(r.play.trump_method == TrumpMethod::None);
  CHECK(r.match.deals == 1);
  CHECK(r.options.empty());
  CHECK_FALSE(r.has_hooks());
  CHECK(fs::path(r.lua_library_dir).filename() == "lib");
  CHECK(fs::path(r.ruleset_dir).is_absolute());
}

TEST_CASE("rank orders give strengths, points by rank then by card", "[loader]") {
  TempRulesets files;
  LoadResult res = load_text(files, std::string(kSmall) + R"(
rank_order: [A, 10, K, Q, J, 9, 8, 7]
trump_rank_order: [J, 9, A, 10, K, Q, 8, 7]
card_points: {A: 11, 10: 10, AS: 20}
trump_card_points: {J: 20, 9: 14}
play: {trump: {method: fixed, suit: H}}
)");
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  const Ruleset& r = *res.ruleset;
  const Deck& d = r.deck;
  CHECK(r.plain_strength[d.parse_card("AD")] == 8);
  CHECK(r.plain_strength[d.parse_card("10D")] == 7);
  CHECK(r.plain_strength[d.parse_card("7D")] == 1);
  CHECK(r.trump_strength[d.parse_card("JH")] == 8);
  CHECK(r.trump_strength[d.parse_card("9H")] == 7);
  CHECK(r.plain_points[d.parse_card("AS")] == 20);  // the card overrides its rank
  CHECK(r.plain_points[d.parse_card("AH")] == 11);
  CHECK(r.trump_points[d.parse_card("JH")] == 20);
  CHECK(r.trump_points[d.parse_card("AH")] == 0);
  CHECK(r.play.trump_suit == 1);
}

TEST_CASE("deck with copies and removed cards is suit-major per copy", "[loader]") {
  TempRulesets files;
  LoadResult res = load_text(files, R"(name: Two packs
seats: 2
deck: {suits: [S, H], ranks: [A, K, Q], copies: 2, remove: [QH]}
deal: [{deal: [2]}, {deal: [3]}]
)");
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  const Deck& d = res.ruleset->deck;
  REQUIRE(d.cards.size() == 10);
  CHECK(d.card_text(4) == "KH");
  CHECK(d.card_text(5) == "AS#2");  // the second copy has a name of its own
  CHECK(int(d.cards[5].copy) == 1);
  CHECK(d.parse_card("AS") == 0);
  CHECK(d.parse_card("AS#2") == 5);
  CHECK(d.parse_card("QH") == kNoCard);
  CHECK(d.suit_mask[0].size() == 6);
  CHECK(res.ruleset->hand_size == 5);
  CHECK(res.ruleset->seat_names == std::vector<std::string>{"P1", "P2"});
}

TEST_CASE("teams: alternate with six seats, explicit members, names", "[loader]") {
  TempRulesets files;
  SECTION("alternate, 6 seats, 3 teams") {
    LoadResult res = load_text(files, std::string(kSmall) +
                                          "seats: 6\nteams: {layout: alternate, count: 3}\n"
                                          "deal_packets: [5]\n");
    INFO(res.diagnostics.to_string());
    REQUIRE(res.ok());
    const Ruleset& r = *res.ruleset;
    CHECK(r.teams == 3);
    CHECK(int(r.team_of[4]) == 1);
    CHECK(r.team_names == std::vector<std::string>{"team1", "team2", "team3"});
  }
  SECTION("members and names are no longer keys: the error says what to write") {
    LoadResult res = load_text(files, std::string(kSmall) + "teams: {members: [[N, E], [S, W]], names: [Us, Them]}\n");
    REQUIRE_FALSE(res.ok());
    const std::string text = res.diagnostics.to_string();
    CHECK(text.find("'members' is no longer a key") != std::string::npos);
    CHECK(text.find("teams: {layout: alternate, count: N}") != std::string::npos);
    CHECK(text.find("'names' is no longer a key") != std::string::npos);
    CHECK(text.find("team1, team2") != std::string::npos);
  }
  SECTION("dealer_partner without partnerships") {
    LoadResult res = load_text(files, std::string(kSmall) + "play: {first_lead: dealer_partner}\n");
    REQUIRE_FALSE(res.ok());
    CHECK(res.diagnostics.to_string().find(
              "play.first_lead: dealer_partner needs partnerships") != std::string::npos);
  }
}

TEST_CASE("extends: the overlay is merged over its base, recursively", "[loader]") {
  TempRulesets files;
  files.write("base/root.yaml", std::string(kSmall) + "play: {last_trick_bonus: 5}\n");
  files.write("base/mid.yaml", "extends: root.yaml\nname: Mid\nseats: {count: 2}\n"
                               "deck: {remove: [7S]}\n");
  std::string top = files.write("top.yaml",
                                "extends: base/mid.yaml\nname: Top\nplay: {equal_cards: last_wins}\n");
  LoadResult res = load_ruleset({top, {}});
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  const Ruleset& r = *res.ruleset;
  CHECK(r.name == "Top");
  CHECK(r.seats == 2);
  CHECK(r.deck.cards.size() == 31);
  CHECK(r.play.last_trick_bonus == 5);  // from the root, kept by the merge
  CHECK(r.play.last_equal_card_wins);
}

TEST_CASE("merge: maps merge key by key, lists and scalars replace", "[loader]") {
  Diagnostics diags;
  DocNodePtr base = parse_yaml_text("a: {x: 1, y: [1, 2]}\nb: 2\n", "base", diags);
  DocNodePtr over = parse_yaml_text("a: {y: [3]}\nc: 4\n", "over", diags);
  REQUIRE(diags.empty());
  DocNodePtr merged = merge_docs(base, over);
  CHECK(canonical_text(*merged) == R"({"a":{"x":"1","y":["3"]},"b":"2","c":"4"})");
  CHECK(merged->find("a")->find("y")->pos.file == "over");
  CHECK(merged->find("a")->find("x")->pos.file == "base");
}

TEST_CASE("content hash ignores layout and key order", "[loader]") {
  TempRulesets files;
  LoadResult a = load_text(files, std::string(kSmall) + "seats: 4\n");
  LoadResult b = load_text(files, "seats: 4   # same\ndeck:\n  suits: [S, H, D, C]\n"
                                  "  ranks: [A, K, Q, J, 10, 9, 8, 7]\nname: Small\n");
  LoadResult c = load_text(files, std::string(kSmall) + "seats: 2\n");
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  REQUIRE(c.ok());
  CHECK(a.ruleset->content_hash == b.ruleset->content_hash);
  CHECK(a.ruleset->content_hash != c.ruleset->content_hash);
  CHECK(fnv1a_hex("") == "cbf29ce484222325");
}

TEST_CASE("anchors and aliases expand; missing files are clean diagnostics", "[loader]") {
  Diagnostics diags;
  DocNodePtr doc = parse_yaml_text("a: &x {k: [1, 2]}\nb: *x\n", "mem", diags);
  REQUIRE(doc);
  CHECK(canonical_text(*doc->find("b")) == R"({"k":["1","2"]})");

  DocNodePtr missing = load_yaml_file("/nonexistent/file.yaml", diags);
  CHECK_FALSE(missing);
  CHECK(diags.to_string() == "/nonexistent/file.yaml: error: cannot open the file\n");

  LoadResult res = load_ruleset({"/nonexistent/r.yaml", {}});
  CHECK_FALSE(res.ok());
  CHECK(res.diagnostics.size() == 1);
}

TEST_CASE("hook scripts resolve against the file that names them", "[loader]") {
  TempRulesets files;
  files.write("base/hooks.lua", "-- empty\n");
  files.write("base/root.yaml", std::string(kSmall) +
                                    "hooks: {scripts: [hooks.lua], trick_done: my_trick_done}\n");
  std::string top = files.write("top.yaml", "extends: base/root.yaml\nname: Top\n");
  LoadResult res = load_ruleset({top, {}});
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  const Ruleset& r = *res.ruleset;
  REQUIRE(r.lua_scripts.size() == 1);
  CHECK(fs::path(r.lua_scripts[0]).is_absolute());
  CHECK(fs::exists(r.lua_scripts[0]));
  CHECK(r.hooks[size_t(HookPoint::TrickDone)].function == "my_trick_done");
  CHECK(r.hooks[size_t(HookPoint::TrickDone)].when == HookWhen::Always);

  LoadResult missing = load_text(files, std::string(kSmall) + "hooks: {scripts: [nope.lua]}\n");
  CHECK_FALSE(missing.ok());
  CHECK(missing.diagnostics.to_string().find("hooks.scripts[0]: script 'nope.lua' not found") !=
        std::string::npos);
}

TEST_CASE("action words: digits and pass where the engine offers no pass", "[loader]") {
  TempRulesets files;
  // A call list of words (a bridge-like auction in Lua) may use "pass" and "1nt".
  LoadResult res = load_text(files, std::string(kSmall) + R"(
hooks: {actions: {pass: calls.pass, 1nt: calls.one_nt, x2: calls.double}}
)");
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  Action a;
  std::string why;
  REQUIRE(parse_action(*res.ruleset, "PASS", &a, &why));
  CHECK(a.kind == ActionKind::Extra);
  CHECK(action_text(*res.ruleset, a) == "pass");
  REQUIRE(parse_action(*res.ruleset, "1NT", &a, &why));
  CHECK(action_text(*res.ruleset, a) == "1nt");
  // With a built-in auction, "pass" is the engine's; a card or a bare number is never a word.
  res = load_text(files, std::string(kSmall) + R"(
deal: [deal, {calls: {calls: {word: bid, from: 1, to: 8}}}]
hooks: {actions: {pass: calls.pass, 10h: calls.ten, "7": calls.seven}}
)");
  REQUIRE_FALSE(res.ok());
  const std::string text = res.diagnostics.to_string();
  CHECK_THAT(text, Catch::Contains("action 'pass' is a word of the engine here"));
  CHECK_THAT(text, Catch::Contains("action '10h' could be read as a card"));
  CHECK_THAT(text, Catch::Contains("action '7' is not a single lowercase word"));
}

TEST_CASE("an overlay that changes the team layout to none drops the base's count", "[loader]") {
  TempRulesets files;
  files.write("base.yaml", std::string(kSmall) + "teams: {layout: alternate, count: 2}\n");
  LoadResult res = load_ruleset({files.write("solo.yaml", "extends: base.yaml\nname: Solo\nteams: {layout: none}\n"), {}});
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  CHECK(res.ruleset->teams == 4);
  // Written beside layout none in one file, the count is still a mistake.
  res = load_ruleset({files.write("both.yaml", std::string(kSmall) + "teams: {layout: none, count: 2}\n"), {}});
  REQUIRE_FALSE(res.ok());
  CHECK_THAT(res.diagnostics.to_string(), Catch::Contains("layout none has one team per seat; drop 'count'"));
}
