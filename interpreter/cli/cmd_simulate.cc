// `hukum simulate FILE [--deals N] [--seed S] [--threads T] [--shard K/N] [--json]
//   [--deals-out FILE] [--against FILE] [--against-option k=v] [--html FILE]
//   [--seats A,B,... [--duplicate]] [--skill [--skill-bot KIND]] [--coverage]`:
// random bots play many deals; the report (session/reports/report.h), a comparison of
// two rule variants on the same seeds (session/reports/compare.h), per-deal rows;
// with --seats, bot kinds against each other (session/bots/duplicate.h);
// --skill adds the skill share (session/reports/skill.h), --coverage how often each
// rule decided something (session/reports/coverage.h).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/common.h"
#include "cli/ruleset_name.h"
#include "session/matches/seat_kinds.h"
#include "cli/html_report.h"
#include "cli/progress.h"
#include "core/output_file.h"
#include "core/run_limits.h"
#include "session/bots/duplicate.h"
#include "session/matches/players.h"
#include "session/reports/compare.h"
#include "session/reports/coverage.h"
#include "session/reports/deals_out.h"
#include "session/reports/report.h"
#include "session/reports/simulate.h"
#include "session/reports/skill.h"
#ifdef HUKUM_MPI
#include "cli/mpi/simulate_mpi.h"
#endif

namespace hukum::cli {

namespace {

struct Args {
  std::string file, shard = "1/1", deals_out, against, html, skill_bot = "ismcts:50";
  long deals = 1000;
  uint64_t seed = 1;
  int threads = 1;
  bool json = false, mpi = false, duplicate = false, skill = false, coverage = false;
  std::string seats;
  std::vector<std::string> pairs, against_pairs;
};

// "K/N" with 1 <= K <= N.
bool parse_shard(const std::string& text, int* index, int* count) {
  int k = 0, n = 0;
  char tail = 0;
  if (std::sscanf(text.c_str(), "%d/%d%c", &k, &n, &tail) != 2 || n < 1 || n > kMaxShards || k < 1 || k > n) {
    std::cerr << "hukum: --shard expects K/N with 1 <= K <= N (for example 3/8), got '" << text << "'\n";
    return false;
  }
  *index = k - 1, *count = n;
  return true;
}

// One run of one ruleset; rows go to `rows` when it is open.
struct Run {
  RunInfo info;
  std::unique_ptr<SimulationResult> result;
};

std::optional<Run> run_one(const Ruleset& rules, const Args& a, const std::string& file, const SimulationPlan& plan,
                           const std::string& label, std::ostream* rows) {
  const UnitSlice slice = unit_slice(rules, plan);
  ProgressLine line(label, slice.deals);
  SimulationHooks hooks;
  if (line.active()) hooks.progress = [&](long done) { line.update(done); };
  const TallyShape shape = shape_of(rules);
  const RowFormat format = row_format_for(a.deals_out);
  if (rows) {
    // The header only on the first shard, so that shard files concatenate
    // into the file one run writes.
    if (format == RowFormat::Csv && plan.shard == 0) *rows << csv_header(shape);
    hooks.format = [&](std::string& out, const DealRecord& d) { append_row(out, format, shape, d); };
    hooks.write = [&](const std::string& text) { rows->write(text.data(), std::streamsize(text.size())); };
  }
  Run run{run_info(rules, file, plan.seed, plan.deals, plan.shard, plan.shards),
          std::make_unique<SimulationResult>(simulate(rules, plan, hooks))};
  if (!run.result->error.empty()) {
    std::cerr << run.result->error;
    return std::nullopt;
  }
  return run;
}

// `--seats` alone: the seat kinds against each other (session/bots/duplicate.h),
// the report as text or JSON, per-play rows, the HTML page.
int simulate_seats(const Ruleset& rules, const std::vector<std::string>& kinds, const Args& a) {
  OutputFile rows;  // renamed over --deals-out once every row is in (as for a plain run)
  if (!a.deals_out.empty()) {
    if (std::string problem = rows.open(a.deals_out); !problem.empty()) {
      std::cerr << "hukum: " << problem << "\n";
      return kExitFailed;
    }
  }
  ProgressLine line("", a.deals);
  SimulationHooks hooks;
  if (line.active()) hooks.progress = [&](long done) { line.update(done); };
  const TallyShape shape = shape_of(rules);
  const RowFormat format = row_format_for(a.deals_out);
  if (rows.is_open()) {
    if (format == RowFormat::Csv) rows.stream() << csv_header(shape);
    hooks.format = [&](std::string& out, const DealRecord& d) { append_row(out, format, shape, d); };
    hooks.write = [&](const std::string& text) { rows.stream().write(text.data(), std::streamsize(text.size())); };
  }
  CoverageTally coverage;
  const SeatsReport sr =
      play_seats(rules, kinds, a.deals, a.seed, a.duplicate, a.threads, hooks, a.coverage ? &coverage : nullptr);
  line.finish();
  if (rows.is_open() && !sr.first_error.empty() && sr.deals == 0) {
    // The hooks failed to load: nothing was played (as for a plain run, no rows).
    std::cerr << sr.first_error << "hukum: '" << a.deals_out << "' was not written (the run failed)\n";
    return kExitFailed;
  }
  if (rows.is_open()) {
    if (std::string problem = rows.commit(); !problem.empty()) {
      std::cerr << "hukum: " << problem << "; the rows were not written\n";
      return kExitFailed;
    }
  }
  const RunInfo info = run_info(rules, a.file, a.seed, a.deals, 0, 1);
  nlohmann::ordered_json document = seats_report_document(info, kinds, sr);
  std::string text = a.json ? "" : seats_report_text(rules, kinds, sr);
  if (a.coverage) {
    const auto options = coverage_options(rules, search_path());
    document["coverage"] = coverage_json(coverage, options);
    text += coverage_text(coverage, options);
  }
  std::cout << (a.json ? document.dump(2) + "\n" : text);
  if (!a.html.empty() && !write_html_report(document, a.html)) return kExitFailed;
  return sr.errors == 0 ? kExitOk : kExitFailed;
}

}  // namespace

Runner add_simulate(CLI::App& app) {
  auto* cmd = app.add_subcommand("simulate", "Bots play many deals; a report with 95% intervals, invariant checks");
  auto a = std::make_shared<Args>();
  cmd->add_option("file", a->file, "Ruleset YAML file, or a game of the library by name (`hukum list`)")
      ->required()
      ->type_name(kRulesetArg);
  cmd->add_option("--deals", a->deals, "Number of deals (over all shards)")->check(deals_check())->capture_default_str();
  cmd->add_option("--seed", a->seed, "Seed")->check(seed_check())->capture_default_str();
  cmd->add_option("--threads", a->threads, "Worker threads")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_option("--shard", a->shard, "Play only the K-th of N disjoint slices of the deals (K/N); merge with `hukum merge`")
      ->capture_default_str();
  cmd->add_flag("--json", a->json, "Print the whole report as JSON (format hukum-simulation, see docs/simulation-report.md)");
  cmd->add_option("--deals-out", a->deals_out, "Write one row per deal to this file: CSV when it ends in .csv, else JSON lines");
  cmd->add_option("--against", a->against,
                  "Also simulate this ruleset (a file or a game's name) on the same seeds and report the differences")
      ->type_name(kRulesetArg);
  cmd->add_option("--against-option", a->against_pairs,
                  "An option of the compared run (key=value, repeatable); without --against, the same file");
  cmd->add_option("--html", a->html, "Write a self-contained HTML page with charts of the report");
  cmd->add_option("--seats", a->seats,
                  "Seat kinds, comma-separated (" + seat_kind_forms() +
                      "): per-kind results with 95% intervals and decision times; with --against, both variants "
                      "played under these seats");
  cmd->add_flag("--duplicate", a->duplicate, "Play every deal again with the seat kinds rotated (needs --seats)");
  cmd->add_flag("--skill", a->skill,
                "Also measure the skill share: --skill-bot in each side's seats against random, relative to random "
                "against random, on the same deals (slow: the bot plays every deal once per side)");
  cmd->add_option("--skill-bot", a->skill_bot, "The skilled seat kind of --skill")->capture_default_str();
  cmd->add_flag("--coverage", a->coverage,
                "Also count how often each rule decided something (play obligations, hooks, scoring lines, "
                "options) and list the rules that never did");
  add_option_flag(cmd, &a->pairs);
#ifdef HUKUM_MPI
  cmd->add_flag("--mpi", a->mpi, "Run under mpirun: each rank plays one shard, rank 0 merges and prints");
#endif
  return [a] {
    int exit_code = kExitOk;
    SimulationPlan plan{a->deals, a->seed, a->threads, 0, 1};
    plan.coverage = a->coverage;
    if (!parse_shard(a->shard, &plan.shard, &plan.shards)) return kExitUsage;
    const bool compare = !a->against.empty() || !a->against_pairs.empty();
    if (a->coverage && a->mpi) {
      std::cerr << "hukum: --coverage is not counted under --mpi: run shards with --coverage and merge them\n";
      return kExitUsage;
    }
    if (a->skill && (compare || !a->seats.empty() || a->duplicate || a->mpi)) {
      std::cerr << "hukum: --skill measures one ruleset under random play and its own bot seatings: leave out "
                   "--against, --seats, --duplicate and --mpi\n";
      return kExitUsage;
    }
    if (a->skill) {
      if (std::string problem = seat_kind_problem(a->skill_bot); !problem.empty() || is_person_kind(a->skill_bot)) {
        std::cerr << "hukum: --skill-bot: " << (problem.empty() ? "simulate has no human seat" : problem) << "\n";
        return kExitUsage;
      }
    }
    if (compare && plan.shards > 1) {
      std::cerr << "hukum: --against and --shard do not combine: shard each ruleset, merge, then compare the merged files\n";
      return kExitUsage;
    }
    if (compare && !a->deals_out.empty()) {
      std::cerr << "hukum: --deals-out writes the rows of one run: leave out --against\n";
      return kExitUsage;
    }
    // The compared ruleset is looked up now, not after the first run is played.
    if (!a->against.empty() && !resolve_ruleset_arg(&a->against)) return kExitUsage;
    auto rules = load_with_option_flags(a->file, a->pairs, &exit_code);
    if (!rules) return exit_code;
    if (compare && a->duplicate) {
      std::cerr << "hukum: --duplicate rotates seat kinds to compare them; a comparison of two variants keeps its "
                   "seats: leave out --duplicate\n";
      return kExitUsage;
    }
    if (compare && !a->seats.empty()) {  // both variants under these seats, on the same deals
      std::string error;
      plan.seats = parse_seat_kinds(a->seats, rules->seats, &error);
      if (plan.seats.empty() || std::count_if(plan.seats.begin(), plan.seats.end(), is_person_kind) > 0) {
        std::cerr << "hukum: " << (plan.seats.empty() ? error : "simulate has no human seat") << "\n";
        return kExitUsage;
      }
    }
    if (!compare && (!a->seats.empty() || a->duplicate)) {  // seat kinds: session/bots/duplicate.h
      if (plan.shards > 1 || a->mpi) {
        std::cerr << "hukum: --seats alone compares the seat kinds in one run: leave out --shard and --mpi (or add "
                     "--against to compare two variants under these seats)\n";
        return kExitUsage;
      }
      std::string error;
      auto kinds = parse_seat_kinds(a->seats.empty() ? "random" : a->seats, rules->seats, &error);
      if (kinds.empty() || std::count_if(kinds.begin(), kinds.end(), is_person_kind) > 0) {
        std::cerr << "hukum: " << (kinds.empty() ? error : "simulate has no human seat") << "\n";
        return kExitUsage;
      }
      return simulate_seats(*rules, kinds, *a);
    }
#ifdef HUKUM_MPI
    if (a->mpi) {
      if (compare || !a->deals_out.empty() || plan.shards > 1 || !a->html.empty()) {
        std::cerr << "hukum: --mpi makes its own shards and prints one report: leave out --against, --deals-out, --shard, --html\n";
        return kExitUsage;
      }
      bool rank0 = false;
      auto tally = simulate_mpi(*rules, plan, &rank0);
      if (!rank0) return kExitOk;
      if (!tally) return kExitFailed;
      const RunInfo info = run_info(*rules, a->file, plan.seed, plan.deals, 0, 1);
      std::cout << (a->json ? report_document(info, *tally).dump(2) + "\n" : report_text(info, *tally));
      return tally->invariant_failures == 0 && tally->errors == 0 ? kExitOk : kExitFailed;
    }
#endif
    // The rows go to a temporary file renamed over --deals-out once every deal
    // is in it: a failed or interrupted run leaves the earlier file, or none,
    // never rows that look like a finished run.
    OutputFile rows;
    if (!a->deals_out.empty()) {
      if (std::string problem = rows.open(a->deals_out); !problem.empty()) {
        std::cerr << "hukum: " << problem << "\n";
        return kExitFailed;
      }
    }
    if (compare) {
      // B: the other file, or the same file with A's options and the overrides;
      // both play the same deals, unit by unit (session/reports/simulate.h).
      const std::string b_file = a->against.empty() ? a->file : a->against;
      std::vector<std::string> b_pairs = a->against.empty() ? a->pairs : std::vector<std::string>{};
      b_pairs.insert(b_pairs.end(), a->against_pairs.begin(), a->against_pairs.end());
      auto rules_b = load_with_option_flags(b_file, b_pairs, &exit_code);
      if (!rules_b) return exit_code;
      if (!plan.seats.empty() && rules_b->seats != rules->seats) {
        std::cerr << "hukum: --seats needs the same table in both variants: A has " << rules->seats << " seats, B "
                  << rules_b->seats << "\n";
        return kExitUsage;
      }
      ProgressLine line("A and B: ", unit_slice(*rules, plan).deals);
      SimulationHooks hooks;
      if (line.active()) hooks.progress = [&](long done) { line.update(done); };
      const PairedSimulation run = simulate_paired(*rules, *rules_b, plan, hooks);
      line.finish();
      if (!run.a.error.empty()) {
        std::cerr << run.a.error;
        return kExitFailed;
      }
      RunInfo info_a = run_info(*rules, a->file, plan.seed, plan.deals, plan.shard, plan.shards);
      RunInfo info_b = run_info(*rules_b, b_file, plan.seed, plan.deals, plan.shard, plan.shards);
      info_a.seats = info_b.seats = plan.seats;
      const Tally &ta = run.a.tally, &tb = run.b.tally;
      const bool failed = ta.invariant_failures > 0 || ta.errors > 0 || tb.invariant_failures > 0 || tb.errors > 0;
      auto document = comparison_document(info_a, ta, info_b, tb, &run.paired);
      std::string text = a->json ? "" : comparison_text(info_a, ta, info_b, tb, &run.paired);
      if (a->coverage) {
        const auto options_a = coverage_options(*rules, search_path()), options_b = coverage_options(*rules_b, search_path());
        document["a"]["coverage"] = coverage_json(run.a.coverage, options_a);
        document["b"]["coverage"] = coverage_json(run.b.coverage, options_b);
        if (!a->json) text += "A: " + coverage_text(run.a.coverage, options_a) + "B: " + coverage_text(run.b.coverage, options_b);
      }
      std::cout << (a->json ? document.dump(2) + "\n" : text);
      if (!a->html.empty() && !write_html_report(document, a->html)) return kExitFailed;
      return failed ? kExitFailed : kExitOk;
    }
    auto run_a = run_one(*rules, *a, a->file, plan, "", rows.is_open() ? &rows.stream() : nullptr);
    if (!run_a) {
      if (rows.is_open()) std::cerr << "hukum: '" << a->deals_out << "' was not written (the run failed)\n";
      return kExitFailed;
    }
    if (rows.is_open()) {
      if (std::string problem = rows.commit(); !problem.empty()) {
        std::cerr << "hukum: " << problem << "; the rows were not written\n";
        return kExitFailed;
      }
    }
    const Tally& ta = run_a->result->tally;
    bool failed = ta.invariant_failures > 0 || ta.errors > 0;
    nlohmann::ordered_json document = report_document(run_a->info, ta);
    std::string text = a->json ? "" : report_text(run_a->info, ta);
    if (a->coverage) {
      const auto options = coverage_options(*rules, search_path());
      document["coverage"] = coverage_json(run_a->result->coverage, options);
      // Before the run's checks, which stay the report's last lines.
      const size_t checks = text.rfind("invariant failures:");
      text.insert(checks == std::string::npos ? text.size() : checks, coverage_text(run_a->result->coverage, options));
    }
    if (a->skill) {
      const SkillResult skill = measure_skill(*rules, plan, a->skill_bot);
      if (!skill.error.empty()) std::cerr << skill.error, failed = true;
      document["skill"] = skill_json(skill);
      // Before the run's checks, which stay the report's last lines.
      const size_t checks = text.rfind("invariant failures:");
      text.insert(checks == std::string::npos ? text.size() : checks, skill_text(skill));
    }
    std::cout << (a->json ? document.dump(2) + "\n" : text);
    if (!a->html.empty() && !write_html_report(document, a->html)) return kExitFailed;
    return failed ? kExitFailed : kExitOk;
  };
}

}  // namespace hukum::cli
