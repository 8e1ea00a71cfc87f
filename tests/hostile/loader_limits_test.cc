// Hostile files given to the loader, the scenario reader and replay: alias
// bombs, devices and pipes, oversized files, a second YAML document, paths
// that lead to files elsewhere on the disk (issue 13, items 1, 6 and 8).
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "hostile_support.h"
#include "ruleset/input_file.h"
#include "ruleset/loader.h"
#include "session/matches/replay.h"
#include "session/scenarios/scenario_read.h"
#include "support/test_rulesets.h"

using namespace hukum;
using Catch::Matchers::Contains;

namespace {

// Nine levels of nine aliases each: 9^9 (387 million) copies of one word.
std::string alias_bomb(const std::string& prefix) {
  std::string text = prefix + "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i <= 9; ++i) {
    std::string p = "a" + std::to_string(i - 1);
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [*" + p + ", *" + p + ", *" + p + ", *" + p +
            ", *" + p + ", *" + p + ", *" + p + ", *" + p + ", *" + p + "]\n";
  }
  return text;
}

std::string load_errors(const std::string& path) { return load_ruleset(LoadRequest{path, {}}).diagnostics.to_string(); }

const char* kSmall = "name: Small\ndeck: {suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9, 8, 7]}\n";

}  // namespace

TEST_CASE("an alias bomb in a ruleset stops at the expansion cap with a positioned error", "[hostile]") {
  test::TempDir dir;
  std::string path = dir.write("bomb.yaml", alias_bomb(""));
  const size_t before = test::resident_bytes();
  std::string errors = load_errors(path);
  CHECK_THAT(errors, Contains("bomb.yaml:"));
  CHECK_THAT(errors, Contains("error: the document expands to more than 200000 values"));
  CHECK(test::resident_bytes() < before + (size_t(256) << 20));
}

TEST_CASE("an alias bomb of long text stops at the text cap", "[hostile]") {
  test::TempDir dir;
  std::string text = "t: &t " + std::string(60000, 'x') + "\nl: &l [*t, *t, *t, *t, *t, *t, *t, *t]\n";
  text += "m: &m [*l, *l, *l, *l, *l, *l, *l, *l]\nn: [*m, *m, *m, *m, *m, *m, *m, *m]\n";
  std::string errors = load_errors(dir.write("text.yaml", text));
  CHECK_THAT(errors, Contains("error: the document expands to more than 16 MiB (16777216 bytes) of text"));
}

TEST_CASE("an alias bomb in a scenario file stops at the expansion cap", "[hostile]") {
  test::TempDir dir;
  std::string path = dir.write("bomb_scenario.yaml", alias_bomb("ruleset: x.yaml\n"));
  Scenario scenario;
  Diagnostics diags;
  CHECK(read_scenario_header(path, &scenario, diags) == nullptr);
  CHECK_THAT(diags.to_string(), Contains("the document expands to more than 200000 values"));
}

TEST_CASE("devices, pipes, folders and oversized files are refused before reading", "[hostile]") {
  CHECK_THAT(load_errors("/dev/zero"), Contains("/dev/zero: error: the file is a character device, not a file"));
  test::TempDir dir;
  std::string fifo = dir.path("pipe.yaml");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THAT(load_errors(fifo), Contains("the file is a pipe (FIFO), not a file"));  // no writer: would block
  CHECK_THAT(load_errors(dir.path("")), Contains("the file is a directory, not a file"));
  std::string big = dir.write("big.yaml", std::string(kSmall) + "# " + std::string(kMaxYamlFileBytes, 'x') + "\n");
  CHECK_THAT(load_errors(big), Contains("more than the limit of 4 MiB (4194304 bytes)"));
  std::string text;
  CHECK(read_input_file("/dev/urandom", 100, &text) == "is a character device, not a file");
  CHECK(text.empty());
}

TEST_CASE("a second YAML document is an error, not silently ignored", "[hostile]") {
  test::TempDir dir;
  std::string errors = load_errors(dir.write("two.yaml", std::string(kSmall) + "---\nname: Other\n"));
  CHECK_THAT(errors, Contains("two.yaml:3:1: error: more after the first YAML document"));
  std::string scenario = dir.write("two_scenario.yaml", "ruleset: x.yaml\n---\nruleset: y.yaml\n");
  Scenario s;
  Diagnostics diags;
  CHECK(read_scenario_header(scenario, &s, diags) == nullptr);
  CHECK_THAT(diags.to_string(), Contains("more after the first YAML document"));
}

TEST_CASE("a stray ',' at the top of a file is an error, not an endless parse", "[hostile]") {
  // yaml-cpp's LoadAll loops forever on this (found by fuzz_ruleset: 23 GB in 3 minutes).
  test::TempDir dir;
  std::string errors = load_errors(dir.write("stray.yaml", ", 9]}\nname: B\n"));
  CHECK_THAT(errors, Contains("stray.yaml:"));
  CHECK_THAT(errors, Contains("error: "));
}

TEST_CASE("extends and hooks.scripts never lead to files elsewhere on the disk", "[hostile]") {
  test::TempDir dir;
  dir.write("game/base.yaml", kSmall);
  dir.write("game/hooks.lua", "function f() end\n");
  dir.write("outside.lua", "function f() end\n");
  struct Case {
    const char* yaml;
    const char* message;
  } cases[] = {
      {"extends: /etc/passwd\n", "cannot extend '/etc/passwd': a file ending in .yaml or .yml (or a game's name) is expected"},
      {"extends: base.lua\n", "cannot extend 'base.lua': a file ending in .yaml or .yml (or a game's name) is expected"},
      {"extends: /dev/zero.yaml\n", "cannot open the extended file"},
      {"extends: base.yaml\nhooks: {scripts: [/etc/passwd]}\n",
       "script '/etc/passwd' refused: an absolute path is not allowed here"},
      {"extends: base.yaml\nhooks: {scripts: [../outside.lua]}\n",
       "script '../outside.lua' refused: the file must be in this file's folder or below it"},
      {"extends: base.yaml\nhooks: {scripts: [hooks.txt]}\n", "script 'hooks.txt' refused: a file ending in .lua"},
  };
  for (const auto& c : cases) {
    INFO(c.yaml);
    std::string errors = load_errors(dir.write("game/top.yaml", c.yaml));
    CHECK_THAT(errors, Contains(c.message));
    CHECK_THAT(errors, !Contains("root:"));  // nothing of a foreign file is quoted
  }
  // A link inside the folder that leads out of it.
  std::filesystem::create_symlink("/etc/passwd", dir.path("game/passwd.lua"));
  std::string errors = load_errors(dir.write("game/top.yaml", "extends: base.yaml\nhooks: {scripts: [passwd.lua]}\n"));
  CHECK_THAT(errors, Contains("script 'passwd.lua' refused: the file is a link that leads out of this file's folder"));
  // What is allowed still loads: a relative base and a script beside the file.
  LoadResult ok = load_ruleset(
      LoadRequest{dir.write("game/top.yaml", "extends: base.yaml\nhooks: {scripts: [hooks.lua], trick_done: f}\n"), {}});
  INFO(ok.diagnostics.to_string());
  CHECK(ok.ok());
}

TEST_CASE("replay refuses devices, foreign header files and CRLF logs with clear errors", "[hostile]") {
  CHECK_THAT(replay_log("/dev/zero", {}).problem, Contains("/dev/zero: the log is a character device, not a file"));
  test::TempDir dir;
  const std::string header =
      R"({"event":"header","format":"hukum-log/1","ruleset":"x","file":"FILE","hash":"0","options":{},"seed":1,"deals":1,"seats":["random"]})";
  auto with_file = [&](const std::string& file) {
    std::string h = header;
    h.replace(h.find("FILE"), 4, file);
    return h + "\n";
  };
  CHECK_THAT(replay_log(dir.write("zero.jsonl", with_file("/dev/zero")), {}).problem,
             Contains("zero.jsonl:1: the header's 'file' is not a ruleset file (.yaml or .yml): \"/dev/zero\""));
  CHECK_THAT(replay_log(dir.write("dev.jsonl", with_file("/dev/zero.yaml")), {}).problem,
             Contains("the log's ruleset does not load"));
  std::string crlf = with_file(test::repo_path("rulesets/mendikot/mendikot.yaml"));
  crlf.insert(crlf.size() - 1, "\r");
  CHECK_THAT(replay_log(dir.write("crlf.jsonl", crlf), {}).problem,
             Contains("crlf.jsonl:1: the line ends with a carriage return (Windows line endings)"));
}
