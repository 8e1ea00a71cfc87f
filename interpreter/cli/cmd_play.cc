// `hukum play FILE [--seats LIST] [--deals N] [--seed S] [--log FILE]
//  [--no-auto-play] [--auto-play-delay MS]`: bots, or a person at the terminal.
#include <unistd.h>

#include <iostream>

#include "cli/common.h"
#include "cli/ruleset_name.h"
#include "cli/play_log.h"
#include "core/interrupt.h"
#include "diag/diagnostic.h"
#include "session/matches/log.h"
#include "session/table/narrator.h"
#include "session/matches/deal_series.h"
#include "session/matches/runner.h"

namespace hukum::cli {

// "human,random,random,random", or one kind for every seat (session/matches/players.h).
static std::optional<std::vector<std::string>> seat_kinds(const std::string& list, int seats) {
  std::string error;
  std::vector<std::string> kinds = parse_seat_kinds(list, seats, &error);
  if (kinds.empty()) {
    std::cerr << "hukum: " << error << "\n";
    return std::nullopt;
  }
  return kinds;
}

// What the command will do, in its first line: the number of deals and how
// matches end. (Issue 11 wants the header to say what play does.)
static std::string play_header(const Ruleset& rules, int deals, uint64_t seed) {
  std::string how;  // how a match ends
  if (rules.match.target > 0) how = "to " + std::to_string(rules.match.target) + " game points";
  if (rules.match.target > 0 && rules.match.deals > 0) how += " or ";
  if (rules.match.deals > 0) how += "of " + std::to_string(rules.match.deals) + " deal(s)";
  std::string text = rules.name + ": ";
  if (deals > 0) text += std::to_string(deals) + " deal(s) (matches " + how + "; a new match begins when one ends)";
  else text += "one match " + how;
  return text + ", seed " + std::to_string(seed);
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
  cmd->add_option("file", a->file, "Ruleset YAML file, or a game of the library by name (`hukum list`)")
      ->required()
      ->type_name(kRulesetArg);
  cmd->add_option("--seats", a->seats, "Seat kinds, comma-separated (human,random,...); one kind fills every seat")
      ->capture_default_str();
  cmd->add_option("--deals", a->deals, "Deals to play (default: the ruleset's match length)")->check(play_deals_check());
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
    uint32_t human_seats = 0;
    for (size_t s = 0; s < kinds->size(); ++s) {
      any_human |= is_person_kind((*kinds)[s]);
      if (is_person_kind((*kinds)[s])) human_seats |= 1u << s;
      owned.push_back(
          make_player((*kinds)[s], Rng::derive(a->seed, 0xB07 + s), std::cin, std::cout, &match.scores(), terminal));
      players.push_back(owned.back().get());
    }
    // The log ends with a record saying whether it is complete (cli/play_log.h);
    // without --log there is no log sink at all.
    PlayLog log;
    if (!a->log.empty()) {
      auto header = log_header(*rules, a->seed, match.deals_limit(), *kinds);
      if (a->deals > 0) header["series"] = true;  // exactly `deals` deals, new matches as needed (replay.cc)
      if (!log.open(a->log, *rules, header)) return kExitFailed;
    }
    Narrator narrator(*rules, std::cout, !any_human, terminal.style, /*review=*/any_human, human_seats);
    std::vector<EventSink*> sinks = {&narrator};
    if (log.sink()) sinks.push_back(log.sink());
    TeeSink tee(sinks);
    // Ctrl-C stops the game at its next move (a read from the terminal returns
    // at once), so that the log can say it is incomplete.
    defer_interrupts(true);
    const RunHooks hooks{&tee, log.sink(), {}, [] { return interrupt_signal() != 0; }};
    std::cout << play_header(*rules, a->deals, a->seed) << "\n";
    RunResult r;
    int deals_played = 0, matches = 1;
    if (a->deals > 0) {
      // Exactly --deals deals: a new match begins whenever one ends first.
      SeriesResult series = run_deal_series(match, players, hooks, a->deals, a->seed);
      r = series.run, deals_played = series.deals, matches = series.matches;
    } else {
      r = run_match(match, players, hooks);
      deals_played = match.deals_played();
    }
    const int interrupted = interrupt_signal();
    if (!a->log.empty() && !log.finish(r.outcome, interrupted != 0)) return kExitFailed;
    if (interrupted != 0) {
      std::cout << std::flush;
      std::cerr << "\nhukum: interrupted after " << deals_played << " deal(s)"
                << (a->log.empty() ? "" : "; the log '" + printable_text(a->log) + "' ends with a record saying it is incomplete")
                << "\n";
      return interrupted_exit_code(interrupted);
    }
    if (r.outcome == RunOutcome::Failed) {
      std::cerr << "hukum: " << r.error << "\n";
      return kExitFailed;
    }
    if (matches > 1) std::cout << "\n" << deals_played << " deal(s) in " << matches << " matches.";
    std::cout << "\n" << (matches > 1 ? "Last match " : "Match ")
              << (r.outcome == RunOutcome::Stopped ? "stopped" : "over") << " after "
              << match.deals_played() << " deal(s). Game points:";
    for (size_t t = 0; t < match.scores().size(); ++t)
      std::cout << " " << rules->team_names[t] << " " << match.scores()[t];
    std::cout << "\n";
    return kExitOk;
  };
}

}  // namespace hukum::cli
