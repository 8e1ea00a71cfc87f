// `hukum bench FILE [--deals N]`: random play on one core, and what the
// searching bots pay per playout. The last line is always
// `deals_per_second: <number>`. A ratio to hand-written C++ is
// scripts/bench.sh's (bench/reference_deal.cc), kept out of the engine.
#include <chrono>
#include <fstream>
#include <iostream>
#include <thread>

#include "cli/common.h"
#include "cli/ruleset_name.h"
#include "session/bots/playout.h"
#include "session/matches/runner.h"

#ifndef HUKUM_BUILD_TYPE
#define HUKUM_BUILD_TYPE "unknown"
#endif

namespace hukum::cli {

static std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown cpu";
}

static double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

Runner add_bench(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Random-play speed on one core: deals per second");
  struct Args {
    std::string file;
    long deals = 200000;
    uint64_t seed = 1;
    std::vector<std::string> pairs;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("file", a->file, "Ruleset YAML file, or a game of the library by name (`hukum list`)")
      ->required()
      ->type_name(kRulesetArg);
  cmd->add_option("--deals", a->deals, "Deals to time")->check(deals_check())->capture_default_str();
  cmd->add_option("--seed", a->seed, "Seed")->check(seed_check())->capture_default_str();
  add_option_flag(cmd, &a->pairs);
  return [a] {
    int exit_code = kExitOk;
    auto rules = load_with_option_flags(a->file, a->pairs, &exit_code);
    if (!rules) return exit_code;
    std::cout << "ruleset: " << rules->name;
    for (const auto& [k, v] : rules->chosen_options) std::cout << " " << k << "=" << v;
    std::cout << "\nbuild: " << HUKUM_BUILD_TYPE << ", " << __VERSION__ << "\n";
    std::cout << "machine: " << cpu_model() << ", " << std::thread::hardware_concurrency() << " cores (1 used)\n";

    // Matches back to back until the deal count is reached (a match to a target
    // score may end after a few deals).
    long played = 0;
    auto t0 = std::chrono::steady_clock::now();
    Match match(*rules, a->seed, 1);
    if (!match.ok()) {
      std::cerr << match.load_problems().to_string();
      return kExitFailed;
    }
    std::vector<RandomPlayer> bots;
    for (int s = 0; s < rules->seats; ++s) bots.emplace_back(Rng::derive(a->seed, 0xB07 + uint64_t(s)));
    std::vector<Player*> players;
    for (auto& b : bots) players.push_back(&b);
    for (uint64_t k = 0; played < a->deals; ++k) {
      match.restart(Rng::derive(a->seed, k), int(std::min<long>(a->deals - played, INT32_MAX)));
      RunResult r = run_match(match, players);
      if (r.outcome != RunOutcome::Finished) {
        std::cerr << "hukum: " << r.error << "\n";
        return kExitFailed;
      }
      played += match.deals_played();
    }
    double engine_s = seconds_since(t0);
    const double engine_rate = double(played) / engine_s;

    std::printf("engine: %ld deals in %.3f s = %.0f deals/s\n", played, engine_s, engine_rate);
    // What the searching bots (session/bots/) pay per iteration: sample a world
    // from the first decision's seat view, then play it out.
    for (PlayoutPolicy policy : {PlayoutPolicy::Random, PlayoutPolicy::Greedy}) {
      match.restart(a->seed, 1);
      if (auto err = match.start_deal(); !err.empty()) {
        std::cerr << "hukum: " << err << "\n";
        return kExitFailed;
      }
      const SeatView view(match.state(), match.state().decider());
      Rng rng(a->seed);
      const long playouts = std::max(1L, a->deals / 4);
      long finished = 0;
      t0 = std::chrono::steady_clock::now();
      for (long k = 0; k < playouts; ++k) {
        GameState world = view.sample_world(rng);
        finished += play_out(world, policy, rng);
      }
      std::printf("determinized %s playouts: %.0f per s (%ld of %ld finished)\n",
                  policy == PlayoutPolicy::Random ? "random" : "greedy", double(playouts) / seconds_since(t0), finished,
                  playouts);
    }
    std::printf("deals_per_second: %.0f\n", engine_rate);
    return kExitOk;
  };
}

}  // namespace hukum::cli
