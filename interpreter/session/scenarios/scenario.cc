// Running scenarios: find the files, read each one, load its ruleset, set up
// the deal (fixed hands, a mid-deal position, or a seeded shuffle), run the
// steps in order and stop at the first failing one. The zones are checked
// after every step, and the end-of-deal invariants once the deal is over.
#include "session/scenarios/scenario.h"

#include <algorithm>
#include <filesystem>
#include <ostream>

#include "ruleset/loader.h"
#include "engine/invariants.h"
#include "session/matches/match.h"
#include "session/scenarios/scenario_expect.h"
#include "session/scenarios/scenario_read.h"

namespace hukum {

namespace {

// A guard against a play_out that never ends (a hook offering actions forever).
constexpr int kMaxPlayOutActions = 10000;

std::string where(const SourcePos& pos) {
  return pos.file + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col);
}

// What a refused action must leave untouched.
struct Snapshot {
  std::vector<CardSet> zones;
  std::vector<int> counters;
  std::string legal;
  bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot(const GameState& state) {
  const Ruleset& rules = state.ruleset();
  Snapshot s;
  for (int seat = 0; seat < rules.seats; ++seat) {
    s.zones.push_back(state.hand_of(seat));
    s.zones.push_back(state.hidden_of(seat));
    s.zones.push_back(state.captured_by(seat));
    s.counters.push_back(state.tricks_won_by_seat(seat));
  }
  s.zones.push_back(state.trick_cards());
  s.zones.push_back(state.stock());
  s.counters.insert(s.counters.end(), {int(state.phase()), state.to_move(), state.trump_suit(),
                                       state.tricks_played(), state.leader()});
  LegalActions legal;
  state.legal_actions(&legal);
  s.legal = legal_text(rules, legal);
  return s;
}

class ScenarioRun {
 public:
  ScenarioRun(const Scenario& sc, Match& match, std::ostream& out, bool verbose)
      : sc_(sc), match_(match), state_(match.state()), rules_(match.rules()), out_(out), verbose_(verbose) {}

  // "" when every step passed, else the failure lines.
  std::string run() {
    if (auto err = start(); !err.empty()) return where(sc_.setup_pos) + ": cannot set up the deal: " + err;
    for (size_t i = 0; i < sc_.steps.size(); ++i) {
      const ScenarioStep& step = sc_.steps[i];
      const std::string label = "step " + std::to_string(i + 1);
      if (verbose_) out_ << "  " << label << " (line " << step.pos.line << "): " << step.text << "\n";
      std::string err = run_step(step, label);
      if (err.empty()) err = check_invariants(step, label);
      if (!err.empty()) return err;
    }
    return {};
  }

 private:
  std::string start() {
    match_.resume(sc_.match_scores, sc_.deals_played, sc_.tie_break_left);
    if (sc_.match_vars) state_.reset_match_vars(*sc_.match_vars);
    match_.set_dealer(sc_.dealer);
    if (sc_.position) return state_.start_position(sc_.dealer, sc_.deals_played, *sc_.position);
    if (sc_.deal) return match_.start_deal(&*sc_.deal);
    return match_.start_deal();
  }

  std::string run_step(const ScenarioStep& step, const std::string& label) {
    switch (step.kind) {
      case ScenarioStep::Kind::Act:
      case ScenarioStep::Kind::Play:
        for (const auto& [text, pos] : step.actions)
          if (auto err = act(step, text, pos, label); !err.empty()) return err;
        return {};
      case ScenarioStep::Kind::Refuse:
        for (const auto& [text, pos] : step.actions)
          if (auto err = refuse(text, pos, label); !err.empty()) return err;
        return {};
      case ScenarioStep::Kind::Expect: {
        std::string failures;
        for (const ExpectCheck& check : step.checks) {
          std::string why = check_failure(check, state_, match_);
          if (!why.empty()) failures += where(check.pos) + ": " + label + " expect." + check.key + ": " + why + "\n";
        }
        if (!failures.empty()) failures.pop_back();
        return failures;
      }
      case ScenarioStep::Kind::PlayOut:
        return play_out(step, label);
    }
    return {};
  }

  std::string seat_name(int seat) const {
    return seat >= 0 && seat < rules_.seats ? rules_.seat_names[size_t(seat)] : "nobody";
  }

  std::string act(const ScenarioStep& step, const std::string& text, const SourcePos& pos, const std::string& label) {
    const std::string at = where(pos) + ": " + label + " (" + step.text + "): ";
    if (state_.deal_over()) return at + "the deal is over, nobody is to move";
    if (step.kind == ScenarioStep::Kind::Act && state_.to_move() != step.seat)
      return at + seat_name(step.seat) + " is not to move (" + seat_name(state_.to_move()) + " is)";
    Action action;
    std::string why;
    if (!parse_action(rules_, text, state_.legal(), &action, &why)) return at + why;
    const int seat = state_.to_move();
    if (auto err = state_.apply(action); !err.empty()) return at + err;
    // A seat step already names the seat; a play step is worth spelling out.
    if (verbose_ && step.kind == ScenarioStep::Kind::Play)
      out_ << "    " << seat_name(seat) << ": " << action_text(rules_, action) << "\n";
    return {};
  }

  std::string refuse(const std::string& text, const SourcePos& pos, const std::string& label) {
    const std::string at = where(pos) + ": " + label + " refuse " + text + ": ";
    Action action;
    std::string why;
    if (!parse_action(rules_, text, state_.legal(), &action, &why)) {
      if (verbose_) out_ << "    refused (" << why << ")\n";
      return {};
    }
    LegalActions legal;
    state_.legal_actions(&legal);
    if (legal.contains(action))
      return at + "expected it to be refused, but it is legal (legal: " + legal_text(rules_, legal) + ")";
    const Snapshot before = snapshot(state_);
    std::string err = state_.apply(action);
    if (err.empty()) return at + "expected it to be refused, but it was accepted";
    if (!(snapshot(state_) == before)) return at + "refused, but the state changed";
    if (verbose_) out_ << "    refused (" << err << ")\n";
    return {};
  }

  std::string play_out(const ScenarioStep& step, const std::string& label) {
    const std::string at = where(step.pos) + ": " + label + " (" + step.text + "): ";
    for (int n = 0; !state_.deal_over(); ++n) {
      if (n == kMaxPlayOutActions) return at + "the deal did not end after " + std::to_string(n) + " actions";
      LegalActions legal;
      state_.legal_actions(&legal);
      if (legal.count() == 0) return at + seat_name(state_.to_move()) + " is to move but has no legal action";
      const Action action = legal.at(step.play_out_last ? legal.count() - 1 : 0);
      const int seat = state_.to_move();
      if (auto err = state_.apply(action); !err.empty()) return at + err;
      if (verbose_) out_ << "    " << seat_name(seat) << ": " << action_text(rules_, action) << "\n";
      if (auto err = check_zones(state_); !err.empty()) return at + "broken invariant: " + err;
    }
    return {};
  }

  // Zones after every step; the end-of-deal checks once, when the deal ends,
  // and then the deal is counted into the match (its totals, the next dealer).
  std::string check_invariants(const ScenarioStep& step, const std::string& label) {
    const std::string at = where(step.pos) + ": " + label + ": broken invariant: ";
    if (auto err = check_zones(state_); !err.empty()) return at + err;
    if (state_.deal_over() && !deal_end_checked_) {
      deal_end_checked_ = true;
      if (auto err = check_deal_end(state_); !err.empty()) return at + err;
      if (auto err = match_.finish_deal(); !err.empty()) return where(step.pos) + ": " + label + ": " + err;
    }
    return {};
  }

  const Scenario& sc_;
  Match& match_;
  GameState& state_;
  const Ruleset& rules_;
  std::ostream& out_;
  bool verbose_;
  bool deal_end_checked_ = false;
};

// Reads, loads and runs one file. Returns true when it passed.
bool run_scenario_file(const std::string& path, std::ostream& out, bool verbose,
                       const std::map<std::string, std::string>& overrides) {
  Scenario sc;
  Diagnostics diags;
  DocNodePtr doc = read_scenario_header(path, &sc, diags);
  for (const auto& [k, v] : overrides) sc.options[k] = v;
  auto fail = [&](const std::string& details) {
    out << "FAIL " << sc.name << "\n" << details;
    if (!details.empty() && details.back() != '\n') out << "\n";
    return false;
  };
  if (!diags.empty()) return fail(diags.to_string());
  LoadResult loaded = load_ruleset(LoadRequest{sc.ruleset_path, sc.options, {}});
  if (!loaded.ok())
    return fail(where(sc.ruleset_pos) + ": the ruleset does not load:\n" + loaded.diagnostics.to_string());
  const Ruleset& rules = *loaded.ruleset;
  read_scenario_body(*doc, rules, &sc, diags);
  if (!diags.empty()) return fail(diags.to_string());
  Match match(rules, sc.seed);  // the ruleset's match length, for the match_* keys
  if (!match.ok()) return fail(match.load_problems().to_string());
  if (verbose) out << "RUN  " << sc.name << " (" << path << ")\n";
  std::string failure = ScenarioRun(sc, match, out, verbose).run();
  if (!failure.empty()) return fail(failure);
  out << "PASS " << sc.name << "\n";
  return true;
}

// The files named, and every *.yaml below each folder named, folders sorted.
std::vector<std::string> scenario_files(const std::vector<std::string>& paths) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const auto& p : paths) {
    std::error_code ec;
    if (!fs::is_directory(p, ec)) {
      files.push_back(p);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
      if (it->is_regular_file() && it->path().extension() == ".yaml") found.push_back(it->path().string());
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

}  // namespace

ScenarioTotals run_scenario_paths(const std::vector<std::string>& paths, std::ostream& out, bool verbose,
                                  const std::map<std::string, std::string>& overrides) {
  ScenarioTotals totals;
  for (const auto& file : scenario_files(paths)) {
    bool passed = false;
    try {
      passed = run_scenario_file(file, out, verbose, overrides);
    } catch (const std::exception& e) {
      // A scenario must never take the whole run down; report and go on.
      out << "FAIL " << file << "\n" << file << ": error: " << e.what() << "\n";
    }
    ++(passed ? totals.passed : totals.failed);
  }
  return totals;
}

}  // namespace hukum
