// A fishing build as scenarios write it (fishing.builds): its value, its
// cards, `by` its owner: "8 2S 3C 3H by S". Read in a position (`builds:`) and
// in expectations, written back in deck order for comparisons.
#pragma once

#include <string>

#include "engine/hook_context.h"
#include "ruleset/ruleset.h"

namespace hukum {

std::string build_text(const Ruleset& rules, const LayoutBuild& build);
// False when `text` is not a build of this ruleset's cards and seats.
bool parse_build_text(const Ruleset& rules, const std::string& text, LayoutBuild* out);

}  // namespace hukum
