#include "session/matches/replay.h"

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/run_limits.h"
#include "ruleset/input_file.h"
#include "ruleset/loader.h"
#include "session/matches/deal_series.h"
#include "session/matches/log.h"
#include "session/matches/runner.h"

namespace hukum {

namespace {

// Plays the actions the log recorded, in order, checking the seat each time.
class LogPlayer final : public Player {
 public:
  LogPlayer(const std::vector<std::pair<std::string, std::string>>& actions, size_t& next, std::string& problem)
      : actions_(actions), next_(next), problem_(problem) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override {
    const Ruleset& rules = view.rules();
    const int seat = view.seat();
    if (next_ >= actions_.size()) {
      problem_ = "the log ends while " + rules.seat_names[size_t(seat)] + " is to play";
      return false;
    }
    const auto& [who, text] = actions_[next_++];
    if (who != rules.seat_names[size_t(seat)]) {
      problem_ = "the log has " + who + " acting where " + rules.seat_names[size_t(seat)] + " is to play";
      return false;
    }
    std::string why;
    if (!parse_action(rules, text, legal, out, &why)) {
      problem_ = why;
      return false;
    }
    if (!legal.contains(*out)) {
      problem_ = "the logged action '" + text + "' of " + who + " is not legal (legal: " +
                 legal_text(rules, legal) + ")";
      return false;
    }
    return true;
  }

 private:
  const std::vector<std::pair<std::string, std::string>>& actions_;
  size_t& next_;
  std::string& problem_;
};

// A log written before action lines said who saw them ("seen_by") has the
// same line without it: such a log still replays clean.
std::string without_seen_by(const std::string& line) {
  const size_t at = line.find(",\"seen_by\":\"");
  if (at == std::string::npos) return line;
  const size_t close = line.find('"', at + 12);
  return close == std::string::npos ? line : line.substr(0, at) + line.substr(close + 1);
}

}  // namespace

ReplayReport replay_log(const std::string& path, const std::map<std::string, std::string>& overrides,
                        const std::vector<std::string>& search_path) {
  ReplayReport report;
  // A log is untrusted: a regular file of bounded size, read once.
  std::string text;
  if (std::string why = read_input_file(path, kMaxLogFileBytes, &text); !why.empty()) {
    report.problem = path + ": " + (why.rfind("cannot", 0) == 0 ? why : "the log " + why);
    return report;
  }
  std::vector<std::string> lines;
  for (size_t start = 0, line_no = 1; start < text.size(); ++line_no) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (!line.empty() && line.back() == '\r') {
      report.problem = path + ":" + std::to_string(line_no) +
                       ": the line ends with a carriage return (Windows line endings); hukum logs end lines "
                       "with a line feed only";
      return report;
    }
    if (!line.empty()) lines.push_back(std::move(line));
  }
  if (lines.empty()) {
    report.problem = path + ": empty log";
    return report;
  }
  nlohmann::json header;
  int log_format = kLogFormat;
  bool ended = false;      // the `end` line was seen
  std::string incomplete;  // its reason, when it says the log is incomplete
  std::vector<std::pair<std::string, std::string>> actions;
  // Every line is checked where it stands, so a problem names its line.
  size_t at = 0;
  auto problem_at = [&](const std::string& what) {
    report.problem = path + ":" + std::to_string(at + 1) + ": not a hukum log line (" + what + ")";
    return report;
  };
  try {
    header = nlohmann::json::parse(lines[0]);
    if (!header.is_object() || header.value("event", "") != "header") return problem_at("the first line is not a header");
    for (const char* key : {"file", "hash"})
      if (!header.contains(key) || !header[key].is_string()) return problem_at(std::string("the header has no text '") + key + "'");
    if (!header.contains("seed") || !header["seed"].is_number_unsigned()) return problem_at("the header has no seed");
    if (!header.contains("deals") || !header["deals"].is_number_unsigned() || header["deals"].get<uint64_t>() > uint64_t(kMaxMatchDeals))
      return problem_at("the header's 'deals' is not a whole number up to " + std::to_string(kMaxMatchDeals));
    if (header.contains("options") && !header["options"].is_object()) return problem_at("the header's 'options' is not a map");
    // Format 1 (and logs from before the header named one) replays with its own lines.
    if (header.contains("format") && !header["format"].is_string()) return problem_at("the header's 'format' is not text");
    const std::string format = header.value("format", "hukum-log/1");
    log_format = 0;
    for (int f = 1; f <= kLogFormat; ++f)
      if (format == "hukum-log/" + std::to_string(f)) log_format = f;
    if (log_format == 0)
      return problem_at("the header's format " + nlohmann::json(format).dump() +
                        " is not one this hukum reads (hukum-log/1 to hukum-log/" + std::to_string(kLogFormat) + ")");
    for (at = 1; at < lines.size(); ++at) {
      auto j = nlohmann::json::parse(lines[at]);
      if (!j.is_object() || !j.contains("event") || !j["event"].is_string()) return problem_at("no 'event'");
      if (log_format >= kLogFormatWithEnd && j["event"] == "end") {
        if (at + 1 != lines.size()) return problem_at("an 'end' line before the last line");
        if (!j.contains("complete") || !j["complete"].is_boolean()) return problem_at("the 'end' line has no true or false 'complete'");
        if (!j["complete"].get<bool>()) {
          const nlohmann::json reason = j.value("reason", nlohmann::json("unknown"));
          incomplete = reason.is_string() ? reason.get<std::string>() : "unknown";
        }
        ended = true;
        continue;
      }
      if (j["event"] != "action") continue;
      if (!j.contains("seat") || !j["seat"].is_string() || !j.contains("action") || !j["action"].is_string())
        return problem_at("an action needs text 'seat' and 'action'");
      actions.emplace_back(j["seat"].get<std::string>(), j["action"].get<std::string>());
    }
  } catch (const std::exception& e) {
    return problem_at(e.what());
  }
  // A log of this format ends with its `end` line: without one it was cut
  // (the process killed, the disk full) and its last deal may look finished.
  if (log_format >= kLogFormatWithEnd) {
    if (!ended) {
      report.problem = path + ": the log has no 'end' line: it was cut short (hukum was killed or the disk filled), "
                              "so it is not replayed";
      return report;
    }
    lines.pop_back();
  }
  // The ruleset path as recorded; relative paths are tried from here, then from the log's folder.
  std::string file = header.value("file", "");
  // The header names the ruleset; it is followed only to a ruleset file (the
  // loader then reads it as any other untrusted YAML: regular, bounded).
  const std::string extension = std::filesystem::path(file).extension().string();
  if (extension != ".yaml" && extension != ".yml") {
    report.problem = path + ":1: the header's 'file' is not a ruleset file (.yaml or .yml): " +
                     nlohmann::json(file).dump();
    return report;
  }
  if (!std::filesystem::exists(file)) {
    auto alt = std::filesystem::path(path).parent_path() / file;
    if (std::filesystem::exists(alt)) file = alt.string();
  }
  // Kept in a variable: iterating items() of a temporary would read freed memory.
  const nlohmann::json recorded_options = header.value("options", nlohmann::json::object());
  std::map<std::string, std::string> options;
  for (const auto& [k, v] : recorded_options.items()) {
    if (!v.is_string()) {
      report.problem = path + ":1: option '" + k + "' is not a string";
      return report;
    }
    options[k] = v.get<std::string>();
  }
  for (const auto& [k, v] : overrides) options[k] = v;
  LoadResult loaded = load_ruleset(LoadRequest{file, options, {}, search_path});
  if (!loaded.ruleset) {
    report.problem = "the log's ruleset does not load:\n" + loaded.diagnostics.to_string();
    return report;
  }
  const Ruleset& rules = *loaded.ruleset;
  if (overrides.empty() && rules.content_hash != header.value("hash", "")) {
    report.problem = "the ruleset has changed since the log was written (hash " + rules.content_hash +
                     ", log " + header.value("hash", "") + ")";
    return report;
  }
  Match match(rules, header["seed"].get<uint64_t>(), int(header["deals"].get<uint64_t>()));
  if (!match.ok()) {
    report.problem = match.load_problems().to_string();
    return report;
  }
  size_t next = 0;
  std::string problem;
  std::vector<std::unique_ptr<LogPlayer>> owned;
  std::vector<Player*> players;
  for (int s = 0; s < rules.seats; ++s) {
    owned.push_back(std::make_unique<LogPlayer>(actions, next, problem));
    players.push_back(owned.back().get());
  }
  LogSink sink(rules, nullptr, log_format);
  // A log of `play --deals N` ("series": true) holds exactly N deals, in as
  // many matches as that took (session/matches/deal_series.h); other logs one match.
  const bool series = header.contains("series") && header["series"].is_boolean() && header["series"].get<bool>();
  RunResult run;
  if (series && match.deals_limit() > 0) {
    SeriesResult series_run =
        run_deal_series(match, players, RunHooks{&sink, &sink, {}, {}}, match.deals_limit(), match.seed());
    run = series_run.run, report.deals = series_run.deals;
  } else {
    run = run_match(match, players, RunHooks{&sink, &sink, {}, {}});
    report.deals = match.deals_played();
  }
  // Compare what was produced with the log, line by line (line 1 is the header).
  const auto& produced = sink.lines();
  // An incomplete log is compared as far as it goes, never called clean.
  const size_t compared = incomplete.empty() ? std::max(produced.size(), lines.size() - 1) : lines.size() - 1;
  for (size_t i = 0; i < compared; ++i) {
    const std::string expected = i + 1 < lines.size() ? lines[i + 1] : "(end of log)";
    const std::string actual = i < produced.size() ? produced[i] : "(nothing more)";
    if (expected != actual && expected != without_seen_by(actual)) {
      report.problem = path + ":" + std::to_string(i + 2) + ": diverges\n  log:    " + expected +
                       "\n  replay: " + actual;
      if (!problem.empty()) report.problem += "\n  " + problem;
      if (run.outcome == RunOutcome::Failed) report.problem += "\n  " + run.error;
      return report;
    }
    ++report.lines;
  }
  if (!incomplete.empty()) {
    report.problem = path + ": the log is incomplete (its end line says: " + incomplete + "); its " +
                     std::to_string(report.lines) + " event lines replay identically as far as they go";
    return report;
  }
  if (run.outcome != RunOutcome::Finished) {
    report.problem = problem.empty() ? run.error : problem;
    return report;
  }
  report.clean = true;
  return report;
}

}  // namespace hukum
