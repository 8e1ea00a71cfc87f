// `hukum play FILE [--seats LIST] [--deals N] [--seed S] [--log FILE]
//  [--no-auto-play] [--auto-play-delay MS]`: bots, or a person at the terminal.
#include <unistd.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/common.h"
#include "session/log.h"
#include "session/narrator.h"
#include "session/runner.h"

namespace hukum::cli {

// "human,random,random,random", or one kind for every seat.
static std::optional<std::vector<std::string>> seat_kinds(const std::string& list, int seats) {
  std::vector<std::string> kinds;
  std::stringstream ss(list);
  for (std::string k; std::getline(ss, k, ',');) kinds.push_back(k);
  if (kinds.size() == 1) kinds.assign(size_t(seats), kinds[0]);
  if (int(kinds.size()) != seats) {
    std::cerr << "hukum: --seats lists " << kinds.size() << " kinds, the game has " << seats << " seats\n";
    return std::nullopt;
  }
  for (const auto& k : kinds)
    if (!is_player_kind(k)) {
      std::cerr << "hukum: unknown seat kind '" << k << "' (expected human or random)\n";
      return std::nullopt;
    }
  return kinds;
}

Runner add_play(CLI::App& app) {
  auto* cmd = app.add_subcommand("play", "Play a match: bots, or you in the terminal against bots");
  struct Args {
    std::string file, seats = "random", log;
    int deals = 0;
    uint64_t seed = 1;
    std::vector<std::string> pairs;
    bool no_auto_play = false;
    int auto_play_ms = 700;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("file", a->file, "Ruleset YAML file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--seats", a->seats, "Seat kinds, comma-separated (human,random,...); one kind fills every seat")
      ->capture_default_str();
  cmd->add_option("--deals", a->deals, "Deals to play (default: the ruleset's match length)")->check(deals_check());
  cmd->add_option("--seed", a->seed, "Seed for the shuffles and the bots")->check(seed_check())->capture_default_str();
  cmd->add_option("--log", a->log, "Write the game log (JSON lines) to this file");
  cmd->add_flag("--no-auto-play", a->no_auto_play, "Wait for your typing even when only one move is legal");
  cmd->add_option("--auto-play-delay", a->auto_play_ms, "Milliseconds a lone legal move is shown before it is played")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  add_option_flag(cmd, &a->pairs);
  return [a] {
    int exit_code = kExitOk;
    auto rules = load_with_option_flags(a->file, a->pairs, &exit_code);
    if (!rules) return exit_code;
    auto kinds = seat_kinds(a->seats, rules->seats);
    if (!kinds) return kExitUsage;
    Match match(*rules, a->seed, a->deals);
    if (!match.ok()) {
      std::cerr << match.load_problems().to_string();
      return kExitFailed;
    }
    // Suit symbols and colour on a terminal; plain text in a pipe or with NO_COLOR.
    TerminalOptions terminal{TableStyle::for_terminal(STDOUT_FILENO), !a->no_auto_play, a->auto_play_ms};
    std::vector<std::unique_ptr<Player>> owned;
    std::vector<Player*> players;
    bool any_human = false;
    for (size_t s = 0; s < kinds->size(); ++s) {
      any_human |= (*kinds)[s] == "human";
      owned.push_back(
          make_player((*kinds)[s], Rng::derive(a->seed, 0xB07 + s), std::cin, std::cout, &match.scores(), terminal));
      players.push_back(owned.back().get());
    }
    std::ofstream log_file;
    if (!a->log.empty()) {
      log_file.open(a->log);
      if (!log_file) {
        std::cerr << "hukum: cannot write the log '" << a->log << "'\n";
        return kExitFailed;
      }
      log_file << log_header(*rules, a->seed, match.deals_limit(), *kinds).dump() << '\n';
    }
    LogSink log(*rules, a->log.empty() ? nullptr : &log_file);
    Narrator narrator(*rules, std::cout, !any_human, terminal.style, /*review=*/any_human);
    TeeSink tee({&narrator, &log});
    std::cout << rules->name << ": " << match.deals_limit() << " deal(s), seed " << a->seed << "\n";
    RunResult r = run_match(match, players, RunHooks{&tee, &log, {}});
    if (!a->log.empty() && !log_file.flush()) {
      std::cerr << "hukum: cannot write the log '" << a->log << "' (disk full?)\n";
      return kExitFailed;
    }
    if (r.outcome == RunOutcome::Failed) {
      std::cerr << "hukum: " << r.error << "\n";
      return kExitFailed;
    }
    std::cout << "\nMatch " << (r.outcome == RunOutcome::Stopped ? "stopped" : "over") << " after "
              << match.deals_played() << " deal(s). Game points:";
    for (size_t t = 0; t < match.scores().size(); ++t)
      std::cout << " " << rules->team_names[t] << " " << match.scores()[t];
    std::cout << "\n";
    return kExitOk;
  };
}

}  // namespace hukum::cli
