// Hook bindings as the host keeps them: each ruleset function name resolved once
// to a registry reference, plus the wording of hook failures and load errors.
// Lua state handling itself lives in lua_host.cc.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "ruleset/ruleset.h"

struct lua_State;

namespace hukum {

// One function bound to a hook point or to an action word.
struct BoundHook {
  std::string name;      // the hook point ("cannot_follow") or the action word ("reveal")
  std::string function;  // as written in the ruleset: "module.function" or a global
  std::string key_path;  // where it was bound, for diagnostics: "hooks.cannot_follow"
  HookWhen when = HookWhen::Always;
  int ref = -2;          // LUA_NOREF until resolved
  bool resolved() const { return ref >= 0; }
};

struct HookTable {
  std::array<BoundHook, size_t(HookPoint::Count)> points;  // by HookPoint
  std::vector<BoundHook> actions;                          // in action-word order
  std::vector<BoundHook> steps;                            // hooks.steps, by kind name
  const BoundHook* find_action(const std::string& word) const;
  const BoundHook* find_step(const std::string& kind) const;
};

// The table to resolve: every bound hook point and action of the ruleset.
HookTable hook_table(const Ruleset& ruleset);

// Input and output of lookup_function. `candidates` (owned by the caller)
// receives the function names of the module when `name` is not found in it,
// for a "did you mean" suggestion.
struct FunctionLookup {
  const char* name = nullptr;
  int ref = -2;
  std::vector<std::string>* candidates = nullptr;
  int found_type = -1;  // the Lua type of what the name holds (LUA_TNIL when nothing), for messages
};

// lua_CFunction, run under lua_pcall with a light userdata FunctionLookup*:
// walks the dotted name through the globals with raw reads (no metamethods)
// and stores a registry reference to the function when it is one.
int lookup_function(lua_State* L);

// "hook 'cannot_follow' (hidden_trump.cannot_follow) failed: <message>", or
// "action 'reveal' (...)" for an action hook.
std::string hook_failure(const BoundHook& hook, bool is_action, const std::string& message);

// A Lua error message ("file:line: text", maybe with a traceback) as a
// diagnostic at that file and line; `fallback` when the message has no position.
Diagnostic lua_diagnostic(const std::string& message, const SourcePos& fallback,
                          const std::string& key_path);

}  // namespace hukum
