// The `expect` step of a scenario: reading its keys into checks, and comparing
// each check with a game state. Every value is compared as canonical text, so
// a failure always reads "expected X, got Y" in the words the file uses.
#pragma once

#include <string>
#include <vector>

#include "engine/state.h"
#include "session/matches/match.h"
#include "session/scenarios/scenario_doc.h"
#include "session/scenarios/scenario_model.h"

namespace hukum {

// Reads the map under an `expect` key (`path` is its key path, for messages).
std::vector<ExpectCheck> read_expect(const DocNode& map, const std::string& path, ScenarioDoc& doc);

// A YAML value as the game.vars value it stands for: true/false, integers,
// nil (or null, ~), other scalars as strings, lists and maps as tables.
VarValue yaml_var(const DocNode& node);

// "" when the state meets the check, else "expected X, got Y". The match keys
// read `match`, which the scenario runner counts the deal into once it ends.
std::string check_failure(const ExpectCheck& check, const GameState& state, const Match& match);

}  // namespace hukum
