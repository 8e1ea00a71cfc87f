// `hukum merge R1.json R2.json ... [--json]`: the shards of one simulation
// (`simulate --shard K/N --json`) combined into the report one run over all
// seeds gives, byte for byte.
#include <algorithm>
#include <iostream>

#include "cli/common.h"
#include "cli/read_document.h"
#include "cli/result_ruleset.h"
#include "diag/diagnostic.h"
#include "session/reports/coverage.h"
#include "session/reports/report.h"
#include "session/reports/skill.h"
#include "session/reports/tally_check.h"

namespace hukum::cli {

Runner add_merge(CLI::App& app) {
  auto* cmd = app.add_subcommand("merge", "Combine the shard results of one simulation into its report");
  struct Args {
    std::vector<std::string> files;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("files", a->files, "Shard results (simulate --shard K/N --json)")->required();
  cmd->add_flag("--json", a->json, "Print the merged report as JSON");
  add_lib_path_flag(cmd);
  return [a] {
    std::optional<ReportDocument> merged;
    std::vector<std::string> seen;  // file per shard index
    std::optional<std::vector<std::string>> names;  // of the first shard's ruleset, which every shard shares
    // Rule coverage (simulate --coverage), when every shard counted it; the
    // options' part is the same in every shard (same ruleset and options).
    std::optional<CoverageTally> coverage;
    std::vector<CoverageOption> coverage_options;
    // The skill share (simulate --skill), when every shard measured it with the same bot.
    std::optional<SkillResult> skill;
    for (const auto& path : a->files) {
      auto json = read_json_file(path);
      if (!json) return kExitFailed;
      std::optional<ReportDocument> doc;
      try {
        doc = read_report_document(*json);
      } catch (const std::exception& e) {
        std::cerr << printable_text(path) << ": error: " << printable_text(e.what()) << "\n";
        return kExitFailed;
      }
      std::optional<CoverageTally> shard_coverage;
      if (json->is_object() && json->contains("coverage")) {
        try {
          shard_coverage = coverage_from_json((*json)["coverage"], merged ? nullptr : &coverage_options);
          if (shard_coverage->deals != doc->tally.deals)
            throw std::runtime_error("coverage.deals: " + std::to_string(shard_coverage->deals) +
                                     " deals, where the shard played " + std::to_string(doc->tally.deals));
        } catch (const std::exception& e) {
          std::cerr << printable_text(path) << ": error: " << printable_text(e.what()) << "\n";
          return kExitFailed;
        }
      }
      std::optional<SkillResult> shard_skill;
      if (json->is_object() && json->contains("skill")) {
        try {
          shard_skill = skill_from_json((*json)["skill"]);
          // One pair per deal and side: more cannot come from this shard's deals.
          if (shard_skill->pairs > doc->tally.deals * std::max(1, doc->tally.shape.teams))
            throw std::runtime_error("skill.pairs: more pairs than the shard's deals times its sides");
        } catch (const std::exception& e) {
          std::cerr << printable_text(path) << ": error: " << printable_text(e.what()) << "\n";
          return kExitFailed;
        }
      }
      if (merged && (shard_skill.has_value() != skill.has_value() || (skill && shard_skill->bot != skill->bot))) {
        std::cerr << printable_text(path) << ": error: not a shard of the same simulation as " << a->files[0]
                  << " (its skill share, --skill and --skill-bot, differs)\n";
        return kExitFailed;
      }
      if (merged && shard_coverage.has_value() != coverage.has_value()) {
        std::cerr << printable_text(path) << ": error: not a shard of the same simulation as " << a->files[0]
                  << " (one counted rule coverage, --coverage, and the other did not)\n";
        return kExitFailed;
      }
      const RunInfo& i = doc->info;
      if (!merged) names = run_result_names(i, path, search_path());
      if (!result_names_ok(doc->tally, names, path)) return kExitFailed;
      if (!merged) {
        coverage = shard_coverage;
        skill = shard_skill;
        merged.emplace(*doc);
        seen.assign(size_t(i.shards), "");
        seen[size_t(i.shard)] = path;
        continue;
      }
      const RunInfo& m = merged->info;
      std::string differs;
      if (i.ruleset != m.ruleset || i.content_hash != m.content_hash) differs = "ruleset";
      else if (i.options != m.options) differs = "options";
      else if (i.seed != m.seed) differs = "seed";
      else if (i.deals != m.deals) differs = "deals";
      else if (i.shards != m.shards) differs = "shard count";
      else if (i.seats != m.seats) differs = "seats";
      else if (shape_to_json(doc->tally.shape) != shape_to_json(merged->tally.shape)) differs = "shape";
      if (!differs.empty()) {
        std::cerr << path << ": error: not a shard of the same simulation as " << a->files[0] << " (its " << differs
                  << " differs)\n";
        return kExitFailed;
      }
      if (!seen[size_t(i.shard)].empty()) {
        std::cerr << path << ": error: shard " << i.shard + 1 << " of " << i.shards << " is also in "
                  << seen[size_t(i.shard)] << "\n";
        return kExitFailed;
      }
      seen[size_t(i.shard)] = path;
      // Each deal is played by one shard: together they count at most the deals requested.
      std::string too_many = merged->tally.deals + doc->tally.deals > m.deals
                                 ? "the shards count more deals than the " + std::to_string(m.deals) + " requested"
                                 : merge_overflow(merged->tally, doc->tally);
      if (!too_many.empty()) {
        std::cerr << printable_text(path) << ": error: " << too_many << "\n";
        return kExitFailed;
      }
      merged->tally.merge(doc->tally);
      if (coverage) coverage->merge(*shard_coverage);
      if (skill) skill->merge(*shard_skill);
    }
    for (size_t k = 0; k < seen.size(); ++k)
      if (seen[k].empty()) {
        std::cerr << "hukum: shard " << k + 1 << " of " << seen.size() << " is missing\n";
        return kExitFailed;
      }
    merged->info.shard = 0;
    merged->info.shards = 1;
    const Tally& t = merged->tally;
    // Every name and the first failure's message came from the files: escaped
    // before they reach the terminal.
    nlohmann::ordered_json document = report_document(merged->info, t);
    std::string text = a->json ? "" : report_text(merged->info, t);
    if (coverage) {
      document["coverage"] = coverage_json(*coverage, coverage_options);
      const size_t checks = text.rfind("invariant failures:");
      text.insert(checks == std::string::npos ? text.size() : checks, coverage_text(*coverage, coverage_options));
    }
    if (skill) {  // as simulate --skill prints it: after the coverage, before the checks
      document["skill"] = skill_json(*skill);
      const size_t checks = text.rfind("invariant failures:");
      text.insert(checks == std::string::npos ? text.size() : checks, skill_text(*skill));
    }
    std::cout << (a->json ? terminal_safe_json(document.dump(2)) + "\n" : printable_text(text, SIZE_MAX));
    return t.invariant_failures == 0 && t.errors == 0 ? kExitOk : kExitFailed;
  };
}

}  // namespace hukum::cli
