// Reading helpers for scenario files: key checks with a nearest-key suggestion,
// and seat, team, card, number and flag values. Each problem becomes a
// Diagnostic placed at the node it is about; a helper that fails returns a
// "none" value (-1, kNoCard, nullopt) so that reading goes on and every error
// of a file is reported together.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "ruleset/doc.h"
#include "ruleset/ruleset.h"

namespace hukum {

class ScenarioDoc {
 public:
  // `rules` may be null while reading the header (before the ruleset is known).
  ScenarioDoc(const Ruleset* rules, Diagnostics& diags) : rules_(rules), diags_(diags) {}

  const Ruleset& rules() const { return *rules_; }
  void error(const SourcePos& pos, const std::string& path, const std::string& message,
             const std::string& expected = {});
  void error(const DocNode& node, const std::string& path, const std::string& message,
             const std::string& expected = {}) {
    error(node.pos, path, message, expected);
  }

  // A map whose keys are all in `allowed`; unknown keys are reported with the
  // nearest allowed key. False when `node` is not a map.
  bool check_map(const DocNode& node, const std::string& path, const std::vector<std::string>& allowed);
  bool is_map(const DocNode& node, const std::string& path);
  std::optional<std::string> scalar(const DocNode& node, const std::string& path);
  std::optional<int> number(const DocNode& node, const std::string& path, bool negative_ok = false);
  std::optional<bool> flag(const DocNode& node, const std::string& path);

  // Seat names, team names, suit letters and cards of the ruleset.
  int seat(const DocNode& node, const std::string& path);
  int seat_named(const std::string& name, const SourcePos& pos, const std::string& path);
  // A team name, else a seat name; `is_team` says which.
  int team_or_seat(const std::string& name, const SourcePos& pos, const std::string& path, bool* is_team);
  int team(const DocNode& node, const std::string& path);
  int team_named(const std::string& name, const SourcePos& pos, const std::string& path);
  // A suit letter, or -1 for "none" (`allow_none`); -2 after an error.
  int suit(const DocNode& node, const std::string& path, bool allow_none);
  Card card(const DocNode& node, const std::string& path);
  // A list of cards in the written order (a null node is the empty list).
  bool cards(const DocNode& node, const std::string& path, std::vector<Card>* out);

  std::string seat_list() const;
  std::string team_list() const;

 private:
  const Ruleset* rules_;
  Diagnostics& diags_;
};

// A one-line flow rendering of a node, for echoing a step: "play: [6H, KH]".
std::string flow_text(const DocNode& node);

}  // namespace hukum
