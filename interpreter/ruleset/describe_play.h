// The "Play" section of `hukum describe` (describe_play.cc).
#pragma once

#include <sstream>

#include "ruleset/ruleset.h"

namespace hukum {

void describe_play(std::ostringstream& o, const Ruleset& r);
// One line for a turn-up deal step or the melds step (describe_turn_up.cc); false for other steps.
bool describe_turn_up_step(std::ostringstream& o, const Ruleset& r, const DealStep& step);
// The melds' sentence (the melds step's, or melds.at first_card's), with its newline.
void describe_melds(std::ostringstream& o, const Ruleset& r);

}  // namespace hukum
