// Pieces of prose shared by the descriptions of every family of games
// (describe.cc for trick-taking, describe_fishing.cc for fishing).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "ruleset/ruleset.h"

namespace hukum {

std::string join(const std::vector<std::string>& items, const std::string& sep = ", ");
std::string dealer_rule_text(DealerRule rule);
std::string seat_ref_text(SeatRef r);          // "the player after the dealer"
std::string capitalized(std::string text);
// The title, the description and the options in force.
void describe_title_and_options(std::ostringstream& o, const Ruleset& r);
void describe_hooks(std::ostringstream& o, const Ruleset& r);

}  // namespace hukum
