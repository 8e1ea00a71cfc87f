// The `hukum` command: one subcommand per job. Parsing lives here and in the
// cmd_*.cc files; the work itself is in the library (interpreter/).
// Exit status: 0 success, 1 a failed validation, test or replay, 2 a usage error.
#include <cstdio>
#include <iostream>
#include <utility>

#include "cli/common.h"
#include "core/interrupt.h"

// Output that could not be written (a full disk, a closed pipe, /dev/full) is a
// failure: exit 1 and say so, never exit 0 with the output lost.
static int finish_output(int code) {
  std::cout.flush();
  if (std::cout.fail() || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::cerr << "hukum: cannot write the output (disk full or output closed)\n";
    return hukum::cli::kExitFailed;
  }
  return code;
}

int main(int argc, char** argv) {
  using namespace hukum::cli;
  // Ctrl-C removes the files being written and says so (core/interrupt.h).
  hukum::install_interrupt_handlers();
  CLI::App app{"hukum - a card-game engine where every game is data (YAML rulesets + Lua hooks)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "hukum 0.1.0");
  const std::vector<std::pair<const char*, Runner>> commands = {
      {"validate", add_validate(app)}, {"describe", add_describe(app)}, {"schema", add_schema(app)},
      {"play", add_play(app)},         {"simulate", add_simulate(app)}, {"bench", add_bench(app)},
      {"test", add_test(app)},         {"replay", add_replay(app)},     {"list", add_list(app)},
      {"completion", add_completion(app)}, {"merge", add_merge(app)},  {"report", add_report(app)},
      {"upgrade", add_upgrade(app)}, {"serve", add_serve(app)}};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() != 0 && report_unknown_words(app, argc, argv)) return kExitUsage;
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  try {
    for (const auto& [name, run] : commands)
      if (app.got_subcommand(name)) return finish_output(run());
  } catch (const std::exception& e) {
    // A bug of ours, never the user's input: say so instead of aborting.
    std::cerr << "hukum: internal error: " << e.what() << "\n";
    return kExitFailed;
  }
  return kExitUsage;
}
