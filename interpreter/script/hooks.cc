// Hook bindings: which ruleset function serves which hook point or action,
// resolving those names in the Lua state, and how failures read.
#include "script/hooks.h"

#include <cctype>
#include <cstring>

#include <lua.hpp>

namespace hukum {

const BoundHook* HookTable::find_action(const std::string& word) const {
  for (const BoundHook& hook : actions) {
    if (hook.name == word) return &hook;
  }
  return nullptr;
}

HookTable hook_table(const Ruleset& ruleset) {
  HookTable table;
  for (size_t i = 0; i < size_t(HookPoint::Count); ++i) {
    const HookBinding& binding = ruleset.hooks[i];
    BoundHook& hook = table.points[i];
    hook.name = to_string(HookPoint(i));
    hook.key_path = "hooks." + hook.name;
    hook.function = binding.function;
    hook.when = binding.when;
  }
  for (const auto& [word, function] : ruleset.action_hooks) {
    BoundHook hook;
    hook.name = word;
    hook.key_path = "hooks.actions." + word;
    hook.function = function;
    table.actions.push_back(std::move(hook));
  }
  for (const auto& [kind, function] : ruleset.step_hooks) {
    BoundHook hook;
    hook.name = kind;
    hook.key_path = "hooks.steps." + kind;
    hook.function = function;
    table.steps.push_back(std::move(hook));
  }
  return table;
}

const BoundHook* HookTable::find_step(const std::string& kind) const {
  for (const BoundHook& hook : steps)
    if (hook.name == kind) return &hook;
  return nullptr;
}

namespace {

// Separate so no std::string is alive in lookup_function's frame when Lua may raise.
void add_candidate(std::vector<std::string>* out, const char* prefix, size_t prefix_len,
                   const char* key) noexcept {
  try {
    out->push_back(std::string(prefix, prefix_len) + key);
  } catch (...) {
    // A missing suggestion is harmless.
  }
}

}  // namespace

int lookup_function(lua_State* L) {
  auto* job = static_cast<FunctionLookup*>(lua_touserdata(L, 1));
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  const char* part = job->name;
  const char* dot = std::strchr(part, '.');
  while (dot != nullptr) {  // descend through the module tables
    lua_pushlstring(L, part, size_t(dot - part));
    if (lua_rawget(L, -2) != LUA_TTABLE) return 0;
    lua_remove(L, -2);
    part = dot + 1;
    dot = std::strchr(part, '.');
  }
  lua_pushstring(L, part);
  job->found_type = lua_rawget(L, -2);
  if (job->found_type == LUA_TFUNCTION) {
    job->ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return 0;
  }
  lua_pop(L, 1);
  if (job->candidates == nullptr) return 0;
  size_t prefix_len = size_t(part - job->name);
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TFUNCTION) {
      add_candidate(job->candidates, job->name, prefix_len, lua_tostring(L, -2));
    }
    lua_pop(L, 1);
  }
  return 0;
}

std::string hook_failure(const BoundHook& hook, bool is_action, const std::string& message) {
  return std::string(is_action ? "action '" : "hook '") + hook.name + "' (" + hook.function +
         ") failed: " + message;
}

Diagnostic lua_diagnostic(const std::string& message, const SourcePos& fallback,
                          const std::string& key_path) {
  std::string first_line = message.substr(0, message.find('\n'));
  // Lua positions read "chunk:line: text"; the chunk is a file name here.
  for (size_t colon = first_line.find(':'); colon != std::string::npos;
       colon = first_line.find(':', colon + 1)) {
    size_t end = colon + 1;
    while (end < first_line.size() && std::isdigit(static_cast<unsigned char>(first_line[end]))) {
      ++end;
    }
    if (end > colon + 1 && end < first_line.size() && first_line[end] == ':') {
      SourcePos pos{first_line.substr(0, colon), std::stoi(first_line.substr(colon + 1)), 0};
      size_t text = first_line.find_first_not_of(' ', end + 1);
      return {pos, "", text == std::string::npos ? "" : first_line.substr(text), ""};
    }
  }
  return {fallback, key_path, first_line, ""};
}

}  // namespace hukum
