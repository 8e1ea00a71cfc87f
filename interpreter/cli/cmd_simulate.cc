// `hukum simulate FILE --deals N --seed S [--threads T] [--json]`
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/common.h"
#include "session/simulate.h"

namespace hukum::cli {

Runner add_simulate(CLI::App& app) {
  auto* cmd = app.add_subcommand("simulate", "Bots play many deals; summary statistics and invariant checks");
  struct Args {
    std::string file;
    long deals = 1000;
    uint64_t seed = 1;
    int threads = 1;
    bool json = false;
    std::vector<std::string> pairs;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("file", a->file, "Ruleset YAML file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--deals", a->deals, "Number of deals")->check(deals_check())->capture_default_str();
  cmd->add_option("--seed", a->seed, "Seed")->check(seed_check())->capture_default_str();
  cmd->add_option("--threads", a->threads, "Worker threads")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_flag("--json", a->json, "Print the summary as JSON");
  add_option_flag(cmd, &a->pairs);
  return [a] {
    int exit_code = kExitOk;
    auto rules = load_with_option_flags(a->file, a->pairs, &exit_code);
    if (!rules) return exit_code;
    const bool tty = isatty(fileno(stderr));
    auto progress = [&](long d) {
      if (tty) std::fprintf(stderr, "\r%ld / %ld deals", d, a->deals);
    };
    SimulationReport r = simulate(*rules, a->deals, a->seed, a->threads, progress);
    if (tty) std::fprintf(stderr, "\r%*s\r", 40, "");
    if (!r.error.empty()) {
      std::cerr << r.error;
      return kExitFailed;
    }
    nlohmann::ordered_json j;
    j["ruleset"] = rules->name;
    nlohmann::ordered_json opts = nlohmann::ordered_json::object();
    for (const auto& [k, v] : rules->chosen_options) opts[k] = v;
    j["options"] = opts;
    j["seed"] = a->seed;
    j["deals"] = r.deals;
    j["matches"] = r.matches;
    j["draws"] = r.draws;
    nlohmann::ordered_json teams = nlohmann::ordered_json::object();
    for (size_t t = 0; t < r.deals_won.size(); ++t) {
      teams[rules->team_names[t]] = {{"deals_won", r.deals_won[t]},
                                     {"matches_won", r.matches_won[t]},
                                     {"game_points", r.game_points[t]},
                                     {"points_per_deal", r.deals ? double(r.points[t]) / double(r.deals) : 0.0},
                                     {"tricks_per_deal", r.deals ? double(r.tricks[t]) / double(r.deals) : 0.0}};
      if (rules->family == Family::Fishing) {
        teams[rules->team_names[t]]["bonus"] = r.bonus[t];
        teams[rules->team_names[t]]["thresholds_met"] = r.thresholds_met[t];
      }
    }
    j["teams"] = teams;
    nlohmann::ordered_json results = nlohmann::ordered_json::object();
    for (const auto& [k, v] : r.results) results[k] = v;
    j["results"] = results;
    j["invariant_failures"] = r.invariant_failures;
    j["errors"] = r.errors;
    if (!r.first_failure.empty()) j["first_failure"] = r.first_failure;
    if (a->json) {
      std::cout << j.dump(2) << "\n";
    } else {
      std::cout << rules->name << ": " << r.deals << " deals in " << r.matches << " matches, seed " << a->seed << "\n";
      for (const auto& [k, v] : rules->chosen_options) std::cout << "  option " << k << " = " << v << "\n";
      for (size_t t = 0; t < r.deals_won.size(); ++t) {
        std::printf("  %-6s deals won %ld (%.1f%%), matches won %ld, points/deal %.2f, tricks/deal %.2f\n",
                    rules->team_names[t].c_str(), r.deals_won[t],
                    r.deals ? 100.0 * double(r.deals_won[t]) / double(r.deals) : 0.0, r.matches_won[t],
                    r.deals ? double(r.points[t]) / double(r.deals) : 0.0,
                    r.deals ? double(r.tricks[t]) / double(r.deals) : 0.0);
      }
      if (rules->family == Family::Fishing) {
        long points = 0, bonus = 0;
        for (size_t t = 0; t < r.points.size(); ++t) {
          points += r.points[t], bonus += r.bonus[t];
          std::printf("  %-6s bonus/deal %.2f, threshold met %.1f%%\n", rules->team_names[t].c_str(),
                      r.deals ? double(r.bonus[t]) / double(r.deals) : 0.0,
                      r.deals ? 100.0 * double(r.thresholds_met[t]) / double(r.deals) : 0.0);
        }
        std::printf("  all players: points/deal %.2f, bonus transfers sum %ld\n",
                    r.deals ? double(points) / double(r.deals) : 0.0, bonus);
      }
      std::cout << "  draws " << r.draws << "\n  results:";
      for (const auto& [k, v] : r.results) std::cout << " " << k << " " << v;
      std::cout << "\n  invariant failures: " << r.invariant_failures << "\n";
      std::cout << "  errors: " << r.errors << "\n";
      if (!r.first_failure.empty()) std::cout << "  first failure: " << r.first_failure << "\n";
    }
    return r.invariant_failures == 0 && r.errors == 0 ? kExitOk : kExitFailed;
  };
}

}  // namespace hukum::cli
