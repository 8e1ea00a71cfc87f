// `hukum upgrade`: rewrites a ruleset written for an earlier format so that
// it loads again, keeping the rest of the file (comments, order, layout) as
// written. Three changes need it: a fishing game's `specials`, `redeal` and
// `bonuses` became the hook parameters of rulesets/lib/fishing_specials.lua;
// the numeric auction (`- auction` in `deal` with the top-level `auction` key)
// became the calls step with the engine's bids; play.must_follow_suit,
// must_trump_when_void and must_overtrump became the list play.obligations.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostic.h"

namespace hukum {

struct UpgradeResult {
  std::string text;                  // the upgraded file (the input when nothing changed)
  std::vector<std::string> changes;  // one line per rewritten place, for the user
  Diagnostics problems;              // what must be upgraded by hand (the text is then unchanged)
  bool changed() const { return !changes.empty(); }
};

// `name` is used in positions. The top level and every option value
// (`options.<name>.values.<value>`) are upgraded.
UpgradeResult upgrade_ruleset_text(const std::string& text, const std::string& name);

}  // namespace hukum
