// The engine's side of the hook seam. The engine calls hooks only through this
// interface; script/LuaHost implements it. So engine/ never includes script/,
// and a test or a tool can run the engine with another runner (or none).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/card.h"
#include "ruleset/ruleset.h"

namespace hukum {

class HookContext;

// What a hook point passes to its function: the seat it is about (kNoSeat for
// events about no single seat), and for some points a card or a step name.
struct HookArgs {
  int seat = kNoSeat;
  Card card = kNoCard;          // card_played, captured: the card
  const CardSet* taken = nullptr;  // captured: the layout cards it took
  const char* step = nullptr;   // step_done: the step's kind as written ("deal", "auction")
  bool has_number = false;      // an action word chosen with a number ("atas 2"): the number
  int number = 0;
  // A step kind written in Lua: the step's parameters, passed as a table.
  const std::vector<std::pair<std::string, std::string>>* params = nullptr;
};

class HookRunner {
 public:
  virtual ~HookRunner() = default;
  // Calls the function bound to `point` when its `when` condition holds.
  // Returns "" on success or when nothing runs; otherwise the failure, naming
  // the hook, the script and the line.
  virtual std::string call_hook(HookPoint point, HookContext& context, const HookArgs& args) = 0;
  // Calls the function bound to an action word ("reveal") chosen by `seat`.
  virtual std::string call_action(const std::string& action_word, HookContext& context, int seat) = 0;
  // The same for a word chosen with a number (game.ask_number): the function gets (seat, number).
  // An action word answered with a card (game.ask_card): the hook runs as f(seat, card).
  virtual std::string call_card_action(const std::string& action_word, HookContext& context, int seat, Card card) = 0;
  virtual std::string call_numbered_action(const std::string& action_word, HookContext& context, int seat,
                                           int number) = 0;
  // Begins a deal step of a kind written in Lua (hooks.steps): its function runs as f(params).
  virtual std::string call_step(const std::string& kind, HookContext& context,
                                const std::vector<std::pair<std::string, std::string>>& params) = 0;
};

}  // namespace hukum
