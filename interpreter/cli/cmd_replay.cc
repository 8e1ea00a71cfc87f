// `hukum replay LOG`: re-run a log and report the first divergence.
#include <iostream>

#include "cli/common.h"
#include "diag/diagnostic.h"
#include "session/matches/replay.h"

namespace hukum::cli {

Runner add_replay(CLI::App& app) {
  auto* cmd = app.add_subcommand("replay", "Re-run a game log and report the first divergence");
  auto file = std::make_shared<std::string>();
  cmd->add_option("log", *file, "A log written by play --log")->required()->check(CLI::ExistingFile);
  auto pairs = std::make_shared<std::vector<std::string>>();
  add_option_flag(cmd, pairs.get());
  return [=] {
    auto overrides = parse_option_pairs(*pairs);
    if (!overrides) return kExitUsage;
    ReplayReport r = replay_log(*file, *overrides, search_path());
    if (!r.clean) {
      std::cerr << printable_text(r.problem, 16384) << "\n";  // it quotes the log's lines
      return kExitFailed;
    }
    std::cout << *file << ": replay clean, " << r.deals << " deal(s), " << r.lines << " event lines identical\n";
    return kExitOk;
  };
}

}  // namespace hukum::cli
