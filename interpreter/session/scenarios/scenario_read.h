// Reading a scenario file into a Scenario, in two passes: the header names the
// ruleset and its options, which must be loaded before hands, seats and steps
// can be checked. Unknown keys are errors with the nearest key suggested.
#pragma once

#include <string>

#include "diag/diagnostic.h"
#include "ruleset/doc.h"
#include "ruleset/ruleset.h"
#include "session/scenarios/scenario_model.h"

namespace hukum {

// Parses `path` and reads name, ruleset and options into `out`. Returns the
// document for the second pass, or nullptr when the file cannot be read at all.
DocNodePtr read_scenario_header(const std::string& path, Scenario* out, Diagnostics& diags);

// Reads the dealer, the hands or position, and the steps, against `rules`.
void read_scenario_body(const DocNode& doc, const Ruleset& rules, Scenario* out, Diagnostics& diags);

}  // namespace hukum
