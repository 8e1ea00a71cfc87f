// One sandboxed Lua state per game instance: the chosen safe libraries, a
// `require` limited to the ruleset's folders, an instruction budget per call, a
// memory cap, and every call protected with a traceback. Not thread-safe: each
// simulation thread owns its own LuaHost. The Lua API itself is in bindings.cc.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "diag/diagnostic.h"
#include "engine/hook_runner.h"
#include "ruleset/ruleset.h"
#include "script/bindings.h"
#include "script/hooks.h"

struct lua_State;

namespace hukum {

struct LuaBudget;  // what the allocator and the watchdog count; lua_watchdog.h

// The folders `require` may load modules from, in search order.
struct ModulePaths {
  std::string ruleset_dir;  // the ruleset's own folder
  std::string library_dir;  // the shared library (rulesets/lib)
};

// Every limit holds inside pcall/xpcall too: once hit, the call stops (lua_watchdog.h).
struct LuaLimits {
  int64_t instructions_per_call = 1'000'000;  // per hook call, and per chunk at load time
  size_t memory_bytes = size_t(32) << 20;     // the whole state: scripts, modules, hook garbage
  int64_t call_deadline_ms = 100;             // CPU time per hook call (or action, or run())
  int64_t load_deadline_ms = 500;             // CPU time per script or library at load time
};

class LuaHost final : public HookRunner {
 public:
  explicit LuaHost(LuaLimits limits = {});
  ~LuaHost() override;
  LuaHost(const LuaHost&) = delete;
  LuaHost& operator=(const LuaHost&) = delete;

  // Opens the sandbox for `ruleset`, loads its lua_libraries (each module's
  // table becomes the global of the same name) and lua_scripts in order, then
  // resolves every bound hook function. Returns false with diagnostics on any
  // problem. Call once per host; the ruleset need not outlive the host.
  bool load(const Ruleset& ruleset, Diagnostics& diags);
  bool loaded() const { return loaded_; }

  // Calls the function bound to `point` when its `when` condition holds, with
  // the point's arguments: the seat (nil in Lua for kNoSeat), then the card
  // (card_played); step_done gets the step's kind alone. Returns "" on
  // success, when nothing is bound, or when the condition does not hold;
  // otherwise the formatted failure with a traceback.
  std::string call_hook(HookPoint point, HookContext& context, const HookArgs& args) override;
  // The same for a point whose only argument is a seat (tests, tools).
  std::string call_hook(HookPoint point, HookContext& context, int seat) {
    HookArgs args;
    args.seat = seat;
    return call_hook(point, context, args);
  }
  // Calls the function bound to an offered action word, e.g. "reveal".
  std::string call_action(const std::string& action_word, HookContext& context, int seat) override;
  // The same for a word chosen with a number ("atas 2"): called as f(seat, number).
  std::string call_card_action(const std::string& action_word, HookContext& context, int seat, Card card) override;
  std::string call_numbered_action(const std::string& action_word, HookContext& context, int seat,
                                   int number) override;
  std::string call_step(const std::string& kind, HookContext& context,
                        const std::vector<std::pair<std::string, std::string>>& params) override;

  bool has_hook(HookPoint point) const;
  bool has_action(const std::string& action_word) const;

  // Runs a chunk of Lua text in the sandbox (tests, tools). `context` may be
  // null, in which case the `game` functions that read the state raise errors.
  // Returns "" or the error message with a traceback.
  std::string run(const std::string& code, const std::string& chunk_name,
                  HookContext* context = nullptr);

  size_t memory_used() const;
  const LuaLimits& limits() const { return limits_; }

 private:
  bool open_sandbox(const Ruleset& ruleset, Diagnostics& diags);
  bool load_libraries(const Ruleset& ruleset, Diagnostics& diags);
  bool load_scripts(const Ruleset& ruleset, Diagnostics& diags);
  bool resolve_hooks(const Ruleset& ruleset, Diagnostics& diags);
  bool resolve(BoundHook& hook, const Ruleset& ruleset, Diagnostics& diags);
  // Calls the C function `fn` with `data`, `more` as light userdata arguments under
  // lua_pcall with the traceback handler; "" or the error message.
  std::string run_protected(int (*fn)(lua_State*), void* data, void* more = nullptr);
  std::string call(const BoundHook& hook, bool is_action, HookContext& context, const HookArgs& args);
  // Arms the watchdog for the next hook call, or for one chunk at load time.
  void reset_budget();
  void arm_for_load();
  // After a failed lua_pcall: the message (popped with the handler below it);
  // after a memory error, also collects the garbage the failed call left behind.
  std::string describe_failure(int status);

  LuaLimits limits_;
  std::unique_ptr<LuaBudget> budget_;
  lua_State* L_ = nullptr;
  bool loaded_ = false;
  ModulePaths paths_;
  BindingState bindings_;
  HookTable hooks_;
};

}  // namespace hukum
