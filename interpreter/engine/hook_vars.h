// The game.vars of one GameState, converted to C++ only when C++ needs them.
//
// Converting a hook's Lua table into a VarValue after every hook call cost
// random play more than the hooks' own work in rulesets that keep a few tables
// per deal. So a hook's result usually stays "pending" in the script host's Lua
// table, the one the next hook of the same game reuses, and is read into a
// VarValue only when someone asks: vars() (scenario checks, tools), a copy of
// the state (bots, determinization), or another game's hook about to take over
// that table. Random play asks for none of these.
//
// At most one HookVars per keeper is pending (the keeper's one cached table),
// and the keeper knows which: a pending HookVars tells it when it moves or dies.
#pragma once

#include <cstdint>

#include "engine/vars.h"

namespace hukum {

class HookVars;

// The side that holds pending vars (the Lua bindings). Single-threaded, like
// the GameState and the Lua state it serves.
class VarsKeeper {
 public:
  // Reads the pending vars of `slot` and hands them over with slot.fill().
  virtual void materialize(const HookVars& slot) = 0;
  // `slot` no longer waits for its vars here: it moved to `moved_to`, or it
  // was destroyed or overwritten (nullptr).
  virtual void forget(const HookVars& slot, const HookVars* moved_to) noexcept = 0;

 protected:
  ~VarsKeeper() = default;
};

class HookVars {
 public:
  HookVars() : value_(VarValue::table()) {}
  // Copies hold the value itself: the source is materialized first, so that a
  // hook on either copy can never change the other.
  HookVars(const HookVars& other);
  HookVars& operator=(const HookVars& other);
  HookVars(HookVars&& other) noexcept;
  HookVars& operator=(HookVars&& other) noexcept;
  ~HookVars();

  // The vars, read from the keeper first when pending.
  const VarValue& value() const;
  // Equal stamps mean equal vars (a copy keeps the stamp of its source).
  uint64_t stamp() const { return stamp_; }
  // Replaces the vars (a new stamp unless `value` is the empty table).
  void set(VarValue value);
  // The empty table every deal starts with.
  void reset();
  // The keeper now holds these vars under the returned new stamp.
  uint64_t set_pending(VarsKeeper* keeper);
  bool pending_with(const VarsKeeper* keeper) const { return keeper_ == keeper && keeper != nullptr; }
  // The keeper's answer to materialize(): the vars, no longer pending.
  void fill(VarValue value) const;

 private:
  void release() noexcept;

  mutable VarValue value_;
  uint64_t stamp_ = kEmptyVarsStamp;
  mutable VarsKeeper* keeper_ = nullptr;  // non-null: value_ is stale, the keeper has the vars
};

}  // namespace hukum
