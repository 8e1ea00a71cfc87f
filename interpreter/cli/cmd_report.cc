// `hukum report RESULT.json -o PAGE.html`: the HTML page with charts for a
// simulation or comparison result (`simulate --json`, `merge --json`).
#include <iostream>

#include "cli/common.h"
#include "cli/html_report.h"
#include "cli/read_document.h"
#include "diag/diagnostic.h"
#include "session/compare.h"
#include "session/report.h"

namespace hukum::cli {

Runner add_report(CLI::App& app) {
  auto* cmd = app.add_subcommand("report", "Write an HTML page with charts from a simulation result");
  struct Args {
    std::string file, out;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("file", a->file, "Result of simulate --json or merge --json")->required();
  cmd->add_option("-o,--out", a->out, "The HTML file to write")->required();
  return [a] {
    // Read once (keeping the key order, so that teams and seats chart in
    // ruleset order); the checks below read a copy of the same text.
    auto ordered = read_ordered_json_file(a->file);
    if (!ordered) return kExitFailed;
    const auto json = std::make_optional(nlohmann::json::parse(ordered->dump()));
    // Checked here, so that the chart script only ever sees a well-formed document.
    try {
      const bool comparison = json->is_object() && json->contains("format") &&
                              json->at("format") == kComparisonFormat;
      if (comparison) {
        if (!json->contains("a") || !json->contains("b") || !json->contains("differences"))
          throw std::runtime_error("a comparison needs keys a, b and differences");
        read_report_document(json->at("a"));
        read_report_document(json->at("b"));
      } else {
        read_report_document(*json);
      }
    } catch (const std::exception& e) {
      std::cerr << printable_text(a->file) << ": error: " << printable_text(e.what()) << "\n";
      return kExitFailed;
    }
    return write_html_report(*ordered, a->out) ? kExitOk : kExitFailed;
  };
}

}  // namespace hukum::cli
