// Fuzz target: simulation result files as `merge` and `report` read them: the
// same reader (regular file, size cap, JSON: cli/read_document.h), the
// document and tally checks (session/reports/tally_check.h) and the result names
// against the ruleset the file names (cli/result_ruleset.h). Input: a result
// (`simulate --json`, a shard, `merge --json`, a comparison); its `file` names
// a bundled ruleset relative to the result's folder (the scratch folder links
// `rulesets`). A document that is accepted must go through everything merge
// and report do with it: the text, the JSON made again (which must read back
// as the same tally), a merge with itself (still consistent), a comparison.
#include <iostream>
#include <optional>
#include <stdexcept>

#include "cli/read_document.h"
#include "cli/result_ruleset.h"
#include "diag/diagnostic.h"
#include "fuzz_support.h"
#include "session/reports/compare.h"
#include "session/reports/report.h"
#include "session/reports/tally_check.h"

using namespace hukum;

namespace {

std::optional<ReportDocument> accepted(const nlohmann::json& j) {
  try {
    return read_report_document(j);
  } catch (const std::exception&) {
    return std::nullopt;  // refused with a message: what the commands print
  }
}

void use_accepted(const ReportDocument& d, const std::string& path) {
  if (std::string why = tally_inconsistency(d.tally); !why.empty()) fuzz::fail("an accepted tally is inconsistent: " + why);
  cli::result_names_ok(d.tally, cli::run_result_names(d.info, path, {}), path);
  (void)printable_text(report_text(d.info, d.tally), SIZE_MAX);
  const std::string again = report_document(d.info, d.tally).dump(2);
  (void)terminal_safe_json(again);
  std::optional<ReportDocument> back = accepted(nlohmann::json::parse(again));
  if (!back) fuzz::fail("the document made from an accepted one is refused");
  if (tally_to_json(back->tally) != tally_to_json(d.tally)) fuzz::fail("an accepted tally reads back otherwise");
  // As merge does: a merge it allows must stay consistent and printable.
  if (!merge_overflow(d.tally, d.tally).empty()) return;
  Tally twice = d.tally;
  twice.merge(d.tally);
  if (std::string why = tally_inconsistency(twice); !why.empty()) fuzz::fail("a tally merged with itself: " + why);
  (void)report_text(d.info, twice);
  (void)comparison_document(d.info, d.tally, d.info, twice).dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The commands' messages for refused files: not the fuzzer's output.
  static const bool quiet = (std::cerr.rdbuf(nullptr), true);
  (void)quiet;
  const std::string path = fuzz::write_file("input.json", data, size);
  std::optional<nlohmann::json> json = cli::read_json_file(path);
  if (!json) return 0;
  const bool comparison = json->is_object() && json->contains("format") && json->at("format") == kComparisonFormat;
  if (!comparison) {
    if (auto d = accepted(*json)) use_accepted(*d, path);
    return 0;
  }
  std::optional<ReportDocument> sides[2];
  for (int k = 0; k < 2; ++k)
    if (json->contains(k ? "b" : "a"))
      if ((sides[k] = accepted(json->at(k ? "b" : "a")))) use_accepted(*sides[k], path);
  // The paired sums, as `hukum report` reads them: refused with a message, or
  // a comparison whose document and text can be made.
  if (sides[0] && sides[1] && json->contains("paired") && !json->at("paired").is_null()) {
    try {
      const PairedTally p = PairedTally::from_json(json->at("paired"), sides[0]->tally.shape, sides[1]->tally.shape);
      (void)comparison_document(sides[0]->info, sides[0]->tally, sides[1]->info, sides[1]->tally, &p).dump();
      (void)comparison_text(sides[0]->info, sides[0]->tally, sides[1]->info, sides[1]->tally, &p);
    } catch (const std::runtime_error&) {
    }
  }
  return 0;
}
