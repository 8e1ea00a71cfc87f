// HookVars values to and from Lua tables (game.vars). Pushing runs inside a
// protected Lua call (it allocates and may raise); reading uses only Lua API
// functions that never raise, so it runs outside one with C++ objects alive.
#pragma once

#include <string>

#include "engine/vars.h"

struct lua_State;

namespace hukum {

// Pushes `value` as a Lua value (a fresh table for a table). May raise a Lua
// memory error; creates no C++ object.
void push_var(lua_State* L, const VarValue& value);

// Whether the Lua value at `index` equals `value` (a hook that only read
// game.vars need not write it back). Allocates nothing and never raises.
bool var_unchanged(lua_State* L, int index, const VarValue& value, int depth = 0);

// Reads the Lua value at `index` into `out`. Returns "" or what is wrong
// ("game.vars.bids[2]: a function cannot be kept"). Never raises.
// `root` names the value in messages (game.vars, game.match_vars).
std::string read_var(lua_State* L, int index, VarValue* out, const char* root = "game.vars");

// What read_var would say of the Lua value at `index`, without building
// anything: "" when it can be kept. Never raises.
std::string check_var(lua_State* L, int index);
// Whether check_var would return "": the walk alone, no string made (the
// check after every hook that used game.vars). Never raises.
bool var_keepable(lua_State* L, int index);

}  // namespace hukum
