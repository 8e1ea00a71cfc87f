// Rule coverage (`simulate --coverage`, docs/simulation-report.md, "Rule
// coverage"): how often each rule of a ruleset decided something over a run,
// and the rules that never did, so that a designer sees a dead rule before
// players do. Three kinds of rule are counted:
//
// - play: each obligation of trick play (an entry of play.obligations, a
//   hook's require_trump, an entry of play.lead_restrictions,
//   play.not_on_first_trick, the first-lead card that must be led) fired at a
//   card decision when the seat's legal cards with that one rule switched off
//   differ from its legal cards under every rule (GameState::legal_cards_without:
//   a slow path only this uses); fishing's compulsory capture fired at a play
//   from the hand when the card captured, or left its player to choose what to
//   take without the choice of laying it (a copy of the state plays it);
// - hook: each Lua function the ruleset binds (hook points, action words,
//   deal steps written in Lua): its calls in the real game (not in a bot's
//   copies), and the calls that changed something: at least one of the game's
//   effects (game.set_trump, game.add_score, game.offer, ...) accepted while it
//   ran; writing game.vars or game.match_vars alone is the hook's own memory
//   and does not count;
// - scoring: each line of the ruleset's scoring (card points, the last-trick
//   bonus, melds, each named result and the default one, each contract band,
//   contract made and failed, a declaration made and failed; for fishing each
//   line of the scoring table, sweeps, each majority, the threshold) fired in
//   a deal when it contributed to that deal's result (a non-zero amount, or
//   the result bore its name).
//
// Rules are named by what they are and by their values ("result whitewash
// (2 game points)"), so that an option whose value changes a rule changes its
// name: the options' part of the report (cli) compares the rule names of the
// option's values. Counts only add: threads, shards and `hukum merge` sum them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/hook_runner.h"
#include "engine/state.h"
#include "ruleset/ruleset.h"
#include "session/matches/players.h"

namespace hukum {

struct CoverageRule {
  enum class Kind : uint8_t { Play, Hook, Scoring };
  Kind kind = Kind::Play;
  std::string name;
  // How the rule is recognised in play.
  PlayRuleOff play;                     // Kind::Play, trick-taking
  bool fishing_compulsory = false;      // Kind::Play, fishing
  enum class HookSite : uint8_t { Point, Action, Step };
  HookSite site = HookSite::Point;      // Kind::Hook
  HookPoint point = HookPoint::Count;
  std::string word;                     // the action word or step kind
  enum class Line : uint8_t {
    CardPoints, LastTrick, Sequences, Sets, Groups, Result, ContractBand, FishingLine, Sweeps, Majority, Threshold
  };
  Line line = Line::CardPoints;         // Kind::Scoring
  int index = 0;                        // band, fishing line or majority
  std::string result;                   // Line::Result: the result's name
};

const char* to_string(CoverageRule::Kind k);
// What a rule's `over` counts: card decisions, hook calls, or deals.
const char* coverage_unit(CoverageRule::Kind k);

// Every rule of the ruleset that coverage counts, in a fixed order: play, hooks, scoring.
std::vector<CoverageRule> coverage_rules(const Ruleset& rules);

// The counts of a run: per rule, how often it fired over how many chances.
struct CoverageTally {
  struct Row {
    std::string kind, rule;
    int64_t fired = 0, over = 0;
  };
  std::vector<Row> rows;
  int64_t deals = 0;
  int64_t card_decisions = 0;  // trick-play (or fishing hand-play) decisions counted
  bool empty() const { return rows.empty() && deals == 0; }
  // Adds `o` row by row, by kind and rule; rows `o` has alone are appended.
  void merge(const CoverageTally& o);
};

CoverageTally coverage_tally(const std::vector<CoverageRule>& rules);

// Counts one table's play (one per unit of a simulation). Attach it to the
// match's state before play; it wraps the state's hook runner.
class CoverageCounter {
 public:
  CoverageCounter(const Ruleset& rules, const std::vector<CoverageRule>* catalogue, GameState* state);
  ~CoverageCounter();
  CoverageCounter(const CoverageCounter&) = delete;
  CoverageCounter& operator=(const CoverageCounter&) = delete;
  // A seat is about to choose in the real game, and chose `chosen`.
  void decision(const Action& chosen);
  // The deal is scored (its result is final).
  void deal_done();
  const CoverageTally& tally() const { return tally_; }
  // The hook runner counts through this.
  void hook_called(size_t rule, bool changed);

 private:
  class Hooks;
  const Ruleset& rules_;
  const std::vector<CoverageRule>& catalogue_;
  GameState* state_;
  std::unique_ptr<Hooks> hooks_;
  CoverageTally tally_;
};

// A player whose decisions the counter looks at, before the action is
// applied (only runs with coverage wrap their players in it).
class CoveragePlayer final : public Player {
 public:
  CoveragePlayer(Player* inner, CoverageCounter* counter) : inner_(inner), counter_(counter) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override {
    if (!inner_->choose(view, legal, out)) return false;
    counter_->decision(*out);
    return true;
  }
  bool listens() const override { return inner_->listens(); }
  void told(const PlayEvent& event) override { inner_->told(event); }

 private:
  Player* inner_;
  CoverageCounter* counter_;
};

// The options' part: for each option, the value in play and the rules its
// value brings (present with this value, absent with at least one other).
struct CoverageOption {
  std::string option, value;
  std::vector<std::string> rules;  // "kind rule"
};

// Loads the ruleset (rules.file) again with each other value of each option,
// the other options as chosen; a value that does not load is skipped.
std::vector<CoverageOption> coverage_options(const Ruleset& rules, const std::vector<std::string>& search_path);

// JSON (`coverage` of a simulation document) and text (a section of the report).
nlohmann::ordered_json coverage_json(const CoverageTally& t, const std::vector<CoverageOption>& options);
// Throws std::runtime_error with the key path on malformed input (result files are untrusted).
CoverageTally coverage_from_json(const nlohmann::json& j, std::vector<CoverageOption>* options);
std::string coverage_text(const CoverageTally& t, const std::vector<CoverageOption>& options);

}  // namespace hukum
