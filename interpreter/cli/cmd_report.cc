// `hukum report RESULT.json -o PAGE.html [--json]`: the HTML page with charts
// for a simulation or comparison result (`simulate --json`, `merge --json`);
// --json prints the document the page is drawn from (a saved comparison
// keeps its paired sums, so it is the document `simulate --json` printed).
#include <iostream>
#include <optional>

#include "cli/common.h"
#include "cli/html_report.h"
#include "cli/read_document.h"
#include "cli/result_ruleset.h"
#include "diag/diagnostic.h"
#include "session/reports/compare.h"
#include "session/reports/report.h"
#include "session/reports/coverage.h"
#include "session/reports/skill.h"

namespace hukum::cli {

namespace {

// Rule coverage (simulate --coverage) made again from its counts.
nlohmann::ordered_json coverage_again(const nlohmann::json& j) {
  std::vector<CoverageOption> options;
  const CoverageTally t = coverage_from_json(j, &options);
  return coverage_json(t, options);
}

}  // namespace

Runner add_report(CLI::App& app) {
  auto* cmd = app.add_subcommand("report", "Write an HTML page with charts from a simulation result");
  struct Args {
    std::string file, out;
    bool json = false;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("file", a->file, "Result of simulate --json or merge --json")->required();
  cmd->add_option("-o,--out", a->out, "The HTML file to write");
  cmd->add_flag("--json", a->json, "Print the document the page is drawn from, made again from the file's tallies");
  add_lib_path_flag(cmd);
  return [a] {
    if (a->out.empty() && !a->json) {
      std::cerr << "hukum: report needs -o PAGE.html, --json, or both\n";
      return kExitUsage;
    }
    auto json = read_json_file(a->file);
    if (!json) return kExitFailed;
    // The page is drawn from a document made again from the checked tallies
    // (session/reports/tally_check.h), never from the file's own derived figures: the
    // chart script only sees what a run could have written.
    nlohmann::ordered_json document;
    auto names_ok = [&](const ReportDocument& d) {
      return result_names_ok(d.tally, run_result_names(d.info, a->file, search_path()), a->file);
    };
    try {
      const bool comparison = json->is_object() && json->contains("format") &&
                              json->at("format") == kComparisonFormat;
      if (comparison) {
        if (!json->contains("a") || !json->contains("b") || !json->contains("differences"))
          throw std::runtime_error("a comparison needs keys a, b and differences");
        const ReportDocument da = read_report_document(json->at("a"));
        const ReportDocument db = read_report_document(json->at("b"));
        if (!names_ok(da) || !names_ok(db)) return kExitFailed;
        // The paired sums (absent before they were stored, null when the runs
        // did not pair): without them the per-deal figures fall back to the
        // independent method, and say so.
        std::optional<PairedTally> paired;
        if (json->contains("paired") && !json->at("paired").is_null())
          paired = PairedTally::from_json(json->at("paired"), da.tally.shape, db.tally.shape);
        document = comparison_document(da.info, da.tally, db.info, db.tally, paired ? &*paired : nullptr);
        for (const char* side : {"a", "b"})
          if (json->at(side).contains("coverage")) document[side]["coverage"] = coverage_again(json->at(side).at("coverage"));
      } else {
        const ReportDocument d = read_report_document(*json);
        if (!names_ok(d)) return kExitFailed;
        document = report_document(d.info, d.tally);
        if (json->contains("skill")) document["skill"] = skill_json(skill_from_json(json->at("skill")));
        if (json->contains("coverage")) document["coverage"] = coverage_again(json->at("coverage"));
      }
    } catch (const std::exception& e) {
      std::cerr << printable_text(a->file) << ": error: " << printable_text(e.what()) << "\n";
      return kExitFailed;
    }
    if (a->json) std::cout << document.dump(2) << "\n";
    if (a->out.empty()) return kExitOk;
    return write_html_report(document, a->out) ? kExitOk : kExitFailed;
  };
}

}  // namespace hukum::cli
