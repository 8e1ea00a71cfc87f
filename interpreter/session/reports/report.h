// The simulation report: what a game designer reads from a run, computed from
// a Tally (tally.h) and the run's description, and nothing else, so that
// shards merged by `hukum merge` print exactly what one run prints. Only what
// applies to the ruleset appears: tricks for trick-taking games, captures and
// bonuses for fishing games, contracts where there is an auction.
//
// The JSON document (`simulate --json`, `merge`) is versioned; its schema is
// documented in docs/simulation-report.md. It holds the derived report and the
// raw tally it came from.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "session/reports/tally.h"

namespace hukum {

constexpr const char* kReportFormat = "hukum-simulation";
// 2: a figure with no data is null; game-feel measures (report "feel", tally
// "feel"). Version 1 files are still read (their tally has no "feel").
constexpr int kReportVersion = 2;

struct RunInfo {
  std::string ruleset;   // its name
  std::string file;      // as given on the command line
  std::string content_hash;
  std::map<std::string, std::string> options;  // every option, chosen or default
  uint64_t seed = 1;
  long deals = 0;        // requested, over all shards
  int shard = 0, shards = 1;  // 0-based; a merged document has shards == 1
  int match_deals = 0, match_target = 0;  // the ruleset's match rule
  // Who played, one kind per seat (`--seats`); empty: random bots.
  std::vector<std::string> seats;
};

RunInfo run_info(const Ruleset& rules, const std::string& file, uint64_t seed, long deals, int shard, int shards);

// "random bots", or "N ismcts, E greedy, S ismcts, W greedy" with the seat names of `seat_names`.
std::string seats_text(const RunInfo& info, const std::vector<std::string>& seat_names);

// The whole document: format, version, the run, the report, the shape and the tally.
nlohmann::ordered_json report_document(const RunInfo& info, const Tally& tally);
// The opening fields every result document of a run shares: its format and
// version, the ruleset (name, file, content hash, options), the seed and the
// deals asked for.
nlohmann::ordered_json run_document_header(const char* format, int version, const RunInfo& info);
// Only the derived report (the "report" key of the document).
nlohmann::ordered_json report_json(const Tally& tally);
// The report for a person.
std::string report_text(const RunInfo& info, const Tally& tally);

// Reads a document back; throws std::runtime_error naming the key on bad input.
struct ReportDocument {
  RunInfo info;
  Tally tally;
};
ReportDocument read_report_document(const nlohmann::json& j);

}  // namespace hukum
