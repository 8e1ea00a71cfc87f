// The deal plan's step kinds, one row each. The plan runner (deal.cc), the
// legal answers (play.cc's update_legal) and applying an answer (try_apply)
// reach a step only through its row: no switch over the kinds. A kind that
// never asks anything has no `legal` and no `apply`.
#pragma once

#include "engine/action.h"
#include "ruleset/ruleset.h"

namespace hukum {

class GameState;

// What beginning a step did: finished at once, left a seat to answer, or failed
// (error() says why).
enum class StepStart : uint8_t { Done, Waits, Failed };

struct StepRow {
  // Runs the step's automatic part (dealing, turning a card, choosing who speaks first).
  StepStart (*begin)(GameState& game, const DealStep& step);
  // The answers of the seat to move while the step waits (its phase's legal actions).
  void (*legal)(GameState& game, const DealStep& step, LegalActions* out);
  // Applies one legal answer; the step decides whether it waits for more or is done.
  bool (*apply)(GameState& game, const DealStep& step, const Action& action);
};

}  // namespace hukum
