// The "Play" section of `hukum describe` (describe_play.cc).
#pragma once

#include <sstream>

#include "ruleset/ruleset.h"

namespace hukum {

void describe_play(std::ostringstream& o, const Ruleset& r);

}  // namespace hukum
