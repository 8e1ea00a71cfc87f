// The deal plan's step kinds, one row each (StepRow, ruleset/step_kind.h). The
// plan runner (deal.cc), the legal answers (play.cc's update_legal) and
// applying an answer (try_apply) reach a step only through its row: no switch
// over the kinds. A kind that never asks anything has no `legal` and no `apply`.
#pragma once

#include "engine/action.h"
#include "ruleset/ruleset.h"
#include "ruleset/step_kind.h"
