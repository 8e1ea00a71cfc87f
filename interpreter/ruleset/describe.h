// Renders a compiled ruleset back to readable English, from the data alone:
// a rule author checks that the engine understood the file as they meant it.
#pragma once

#include <string>

#include "ruleset/ruleset.h"

namespace hukum {

std::string describe_ruleset(const Ruleset& rules);
// The same for family fishing (describe_fishing.cc); describe_ruleset calls it.
std::string describe_fishing(const Ruleset& rules);

}  // namespace hukum
