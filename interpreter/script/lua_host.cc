// The Lua state of one game instance: sandbox (library choice as in linit.c,
// minus everything that reaches files, compiles strings or is random), limits,
// protected calls with a traceback (lua.c msghandler), loading and calling hooks.
// Lua errors never cross a C++ frame: host-side work that may raise runs inside
// small C functions under lua_pcall, which touch only C++ objects owned elsewhere.
#include "script/lua_host.h"

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <lua.hpp>

#include "engine/hook_context.h"
#include "ruleset/input_file.h"
#include "script/lua_watchdog.h"

namespace hukum {

namespace {

// Message handler for every lua_pcall (after lua.c): a string message gets a traceback.
int message_handler(lua_State* L) {
  const char* message = lua_tostring(L, 1);
  if (message == nullptr) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    message = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, message, 1);
  return 1;
}

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

// Scripts and modules are untrusted files too: regular files of bounded size.
bool read_text_file(const std::string& path, std::string* text, std::string* problem = nullptr) {
  std::string why = read_input_file(path, kMaxLuaFileBytes, text);
  if (problem != nullptr) *problem = why;
  return why.empty();
}

// How a script file is named in Lua messages: relative to the working
// directory when inside it (as compilers print paths), else as given.
std::string display_path(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (ec) return path;
  fs::path absolute = fs::absolute(path, ec).lexically_normal();
  if (ec) return path;
  fs::path relative = absolute.lexically_relative(cwd);
  if (relative.empty() || *relative.begin() == "..") return absolute.string();
  return relative.string();
}

// Compiles text (never bytecode) as a chunk named after its file. lua_load is
// itself protected, so this never longjmps: it returns a status with the chunk
// or the message on the stack.
int load_text_chunk(lua_State* L, const std::string& text, const std::string& path) {
  std::string chunk_name = "@" + display_path(path);
  return luaL_loadbufferx(L, text.data(), text.size(), chunk_name.c_str(), "t");
}

// ---------------------------------------------------------------------------
// The sandbox
// ---------------------------------------------------------------------------

constexpr int kModuleNotFound = -1;
constexpr int kHostFailure = -2;

bool valid_module_name(const char* name) {
  if (*name == '\0') return false;
  for (const char* p = name; *p != '\0'; ++p) {
    if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_')) return false;
  }
  return true;
}

// Finds `name`.lua in the ruleset folder, then the shared library folder, and
// pushes its compiled chunk (LUA_OK) or a message (other Lua status);
// kModuleNotFound or kHostFailure push nothing. No C++ object outlives it.
int load_module(lua_State* L, const ModulePaths& paths, const char* name) noexcept {
  try {
    for (const std::string* dir : {&paths.ruleset_dir, &paths.library_dir}) {
      if (dir->empty()) continue;
      std::string path = *dir + "/" + name + ".lua";
      std::string text;
      if (read_text_file(path, &text)) return load_text_chunk(L, text, path);
    }
    return kModuleNotFound;
  } catch (...) {
    return kHostFailure;
  }
}

// require(name): modules only from the ruleset's folders, text only, cached
// in the registry's _LOADED table like the standard require.
int sandbox_require(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  if (!valid_module_name(name)) {
    lua_pushfstring(L, "module name of [a-z0-9_] expected, got '%s'", name);
    return luaL_argerror(L, 1, lua_tostring(L, -1));
  }
  lua_settop(L, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);  // 2
  if (lua_getfield(L, 2, name) != LUA_TNIL) return 1;        // already loaded
  lua_pop(L, 1);
  const auto* paths = static_cast<const ModulePaths*>(lua_touserdata(L, lua_upvalueindex(1)));
  int status = load_module(L, *paths, name);
  if (status == kModuleNotFound) {
    return luaL_error(L, "module '%s' not found in the ruleset folder or the shared library", name);
  }
  if (status == kHostFailure) return luaL_error(L, "cannot read module '%s'", name);
  if (status != LUA_OK) return lua_error(L);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) {  // a module that returns nothing is loaded all the same
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, 2, name);
  return 1;
}

// setmetatable without finalizers: Lua runs __gc with hooks off, so a looping
// finalizer would escape the instruction limit.
int sandbox_setmetatable(lua_State* L) {
  int type = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
  if (type == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) != LUA_TNIL) return luaL_argerror(L, 2, "'__gc' is not allowed in hooks");
    lua_pop(L, 1);
  }
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) {
    return luaL_error(L, "cannot change a protected metatable");
  }
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

// The libraries hooks get (linit.c, edited): no io, os, debug, package, coroutine.
const luaL_Reg kSafeLibraries[] = {
    {LUA_GNAME, luaopen_base},
    {LUA_STRLIBNAME, luaopen_string},
    {LUA_TABLIBNAME, luaopen_table},
    {LUA_MATHLIBNAME, luaopen_math},
    {LUA_UTF8LIBNAME, luaopen_utf8},
    {nullptr, nullptr},
};

void remove_field(lua_State* L, const char* table, const char* field) {
  lua_getglobal(L, table);
  lua_pushnil(L);
  lua_setfield(L, -2, field);
  lua_pop(L, 1);
}

// lua_CFunction; argument 1 is the host's ModulePaths.
int open_sandbox_libraries(lua_State* L) {
  void* paths = lua_touserdata(L, 1);
  for (const luaL_Reg* lib = kSafeLibraries; lib->func != nullptr; ++lib) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  // Files, compiling strings (and bytecode), printing into the host's output.
  for (const char* name : {"dofile", "loadfile", "load", "print"}) {
    lua_pushnil(L);
    lua_setglobal(L, name);
  }
  // Hooks must be deterministic: the engine's RNG is the only source of chance.
  remove_field(L, LUA_MATHLIBNAME, "random");
  remove_field(L, LUA_MATHLIBNAME, "randomseed");
  remove_field(L, LUA_STRLIBNAME, "dump");  // no bytecode anywhere
  // Their time is invisible to the instruction count: deadline and size guards.
  install_watchdog_guards(L);
  lua_pushcfunction(L, sandbox_setmetatable);
  lua_setglobal(L, "setmetatable");
  lua_pushlightuserdata(L, paths);
  lua_pushcclosure(L, sandbox_require, 1);
  lua_setglobal(L, "require");
  return 0;
}

// lua_CFunction; argument 1 is a module name (const char*): require it and
// make its table the global of the same name.
int require_as_global(lua_State* L) {
  const char* name = static_cast<const char*>(lua_touserdata(L, 1));
  lua_getglobal(L, "require");
  lua_pushstring(L, name);
  lua_call(L, 1, 1);
  lua_setglobal(L, name);
  return 0;
}

struct ChunkJob {
  const std::string* text;
  const std::string* path;  // a file path, or a chunk name for LuaHost::run
};

// lua_CFunction; argument 1 is a ChunkJob: compile and run it.
int run_chunk(lua_State* L) {
  const auto* job = static_cast<const ChunkJob*>(lua_touserdata(L, 1));
  if (load_text_chunk(L, *job->text, *job->path) != LUA_OK) return lua_error(L);
  lua_call(L, 0, 0);
  return 0;
}

}  // namespace

// ---------------------------------------------------------------------------
// LuaHost
// ---------------------------------------------------------------------------

LuaHost::LuaHost(LuaLimits limits) : limits_(limits), budget_(std::make_unique<LuaBudget>()) {
  budget_->memory_limit = limits_.memory_bytes;
  L_ = lua_newstate(capped_alloc, budget_.get());
  if (L_ != nullptr) *static_cast<LuaBudget**>(lua_getextraspace(L_)) = budget_.get();
  // Hooks make many small short-lived tables (hands, tricks) over a heap of
  // scripts that never dies: with Lua's default pause (a cycle each time the
  // heap doubles), marking and sweeping that heap cost random play more than
  // freeing the garbage. A cycle when the heap is four times its live size
  // costs a few hundred kilobytes a state; the memory cap still holds (a
  // refused allocation makes Lua collect everything and try again).
  if (L_ != nullptr) lua_gc(L_, LUA_GCINC, 400, 0, 0);
  budget_->state = L_;
}

LuaHost::~LuaHost() {
  if (L_ == nullptr) return;
  bindings_.settle_pending();  // a game that outlives its host keeps its vars
  lua_close(L_);
}

bool LuaHost::load(const Ruleset& ruleset, Diagnostics& diags) {
  SourcePos where{ruleset.file, 0, 0};
  if (L_ == nullptr) {
    diags.error(where, "hooks", "cannot create a Lua state (memory limit too small?)");
    return false;
  }
  if (loaded_) {
    diags.error(where, "hooks", "internal: LuaHost::load called twice");
    return false;
  }
  paths_ = {ruleset.ruleset_dir, ruleset.lua_library_dir};
  arm_for_load();
  prepare_bindings(ruleset, &bindings_);
  hooks_ = hook_table(ruleset);
  // Each step needs the ones before; resolving after a failed script would only add noise.
  Diagnostics found;
  loaded_ = open_sandbox(ruleset, found) && load_libraries(ruleset, found) &&
            load_scripts(ruleset, found) && resolve_hooks(ruleset, found) && found.empty();
  // A problem about a hooks.* key points at the line where the key is written.
  for (Diagnostic d : found.list()) {
    if (d.pos.line == 0)
      if (auto at = ruleset.hook_positions.find(d.key_path); at != ruleset.hook_positions.end()) d.pos = at->second;
    diags.error(d.pos, d.key_path, d.message, d.expected);
  }
  return loaded_;
}

bool LuaHost::open_sandbox(const Ruleset& ruleset, Diagnostics& diags) {
  std::string error = run_protected(open_sandbox_libraries, &paths_);
  if (error.empty()) {
    error = run_protected(open_bindings, &bindings_, const_cast<Ruleset*>(&ruleset));
  }
  if (error.empty()) return true;
  diags.error({ruleset.file, 0, 0}, "hooks", "cannot open the Lua sandbox: " + error);
  return false;
}

bool LuaHost::load_libraries(const Ruleset& ruleset, Diagnostics& diags) {
  bool ok = true;
  for (const std::string& name : ruleset.lua_libraries) {
    arm_for_load();
    std::string error = run_protected(require_as_global, const_cast<char*>(name.c_str()));
    if (error.empty()) continue;
    Diagnostic d = lua_diagnostic(error, {ruleset.file, 0, 0}, "hooks.libraries");
    diags.error(d.pos, d.key_path, d.message, d.expected);
    ok = false;
  }
  return ok;
}

bool LuaHost::load_scripts(const Ruleset& ruleset, Diagnostics& diags) {
  bool ok = true;
  for (const std::string& path : ruleset.lua_scripts) {
    std::string text, why;
    if (!read_text_file(path, &text, &why)) {
      diags.error({ruleset.file, 0, 0}, "hooks.scripts", "cannot read Lua script '" + path + "': " + why);
      ok = false;
      continue;
    }
    ChunkJob job{&text, &path};
    arm_for_load();
    std::string error = run_protected(run_chunk, &job);
    if (error.empty()) continue;
    Diagnostic d = lua_diagnostic(error, {display_path(path), 0, 0}, "");
    diags.error(d.pos, d.key_path, d.message, d.expected);
    ok = false;
  }
  return ok;
}

bool LuaHost::resolve_hooks(const Ruleset& ruleset, Diagnostics& diags) {
  bool ok = true;
  for (BoundHook& hook : hooks_.points) {
    if (!hook.function.empty()) ok = resolve(hook, ruleset, diags) && ok;
  }
  for (BoundHook& hook : hooks_.actions) ok = resolve(hook, ruleset, diags) && ok;
  for (BoundHook& hook : hooks_.steps) ok = resolve(hook, ruleset, diags) && ok;
  return ok;
}

bool LuaHost::resolve(BoundHook& hook, const Ruleset& ruleset, Diagnostics& diags) {
  std::vector<std::string> candidates;
  FunctionLookup job{hook.function.c_str(), LUA_NOREF, &candidates};
  std::string error = run_protected(lookup_function, &job);
  hook.ref = job.ref;
  if (error.empty() && hook.resolved()) return true;
  std::string message = "function '" + hook.function + "' is not defined";
  if (error.empty() && job.found_type > LUA_TNIL && job.found_type != LUA_TFUNCTION)
    message = "'" + hook.function + "' is a " + lua_typename(L_, job.found_type) +
              ", not a function (a hook must be a plain Lua function; a callable table is not accepted)";
  if (!error.empty()) message += ": " + error.substr(0, error.find('\n'));
  std::string suggestion = nearest_word(hook.function, candidates);
  if (!suggestion.empty()) message += " (did you mean '" + suggestion + "'?)";
  diags.error({ruleset.file, 0, 0}, hook.key_path, message);
  return false;
}

std::string LuaHost::call_hook(HookPoint point, HookContext& context, const HookArgs& args) {
  const BoundHook& hook = hooks_.points[size_t(point)];
  if (!hook.resolved() || !hook_condition_holds(hook.when, context)) return {};
  return call(hook, false, context, args);
}

std::string LuaHost::call_action(const std::string& action_word, HookContext& context, int seat) {
  const BoundHook* hook = hooks_.find_action(action_word);
  if (hook == nullptr || !hook->resolved()) {
    return "action '" + action_word + "' has no hook function";
  }
  HookArgs args;
  args.seat = seat;
  return call(*hook, true, context, args);
}

std::string LuaHost::call_card_action(const std::string& action_word, HookContext& context, int seat, Card card) {
  const BoundHook* hook = hooks_.find_action(action_word);
  if (hook == nullptr || !hook->resolved()) return "action '" + action_word + "' has no hook function";
  HookArgs args;
  args.seat = seat;
  args.card = card;
  return call(*hook, true, context, args);
}

std::string LuaHost::call_numbered_action(const std::string& action_word, HookContext& context, int seat,
                                          int number) {
  const BoundHook* hook = hooks_.find_action(action_word);
  if (hook == nullptr || !hook->resolved()) {
    return "action '" + action_word + "' has no hook function";
  }
  HookArgs args;
  args.seat = seat;
  args.has_number = true;
  args.number = number;
  return call(*hook, true, context, args);
}

std::string LuaHost::call_step(const std::string& kind, HookContext& context,
                               const std::vector<std::pair<std::string, std::string>>& params) {
  const BoundHook* hook = hooks_.find_step(kind);
  if (hook == nullptr || !hook->resolved()) return "step '" + kind + "' has no hook function";
  HookArgs args;
  args.params = &params;
  return call(*hook, false, context, args);
}

bool LuaHost::has_hook(HookPoint point) const { return hooks_.points[size_t(point)].resolved(); }

bool LuaHost::has_action(const std::string& action_word) const {
  const BoundHook* hook = hooks_.find_action(action_word);
  return hook != nullptr && hook->resolved();
}

// Pushes a hook's arguments; lua_CFunction run under lua_pcall (tables allocate).
// Upvalue-free: argument 1 is the HookArgs, argument 2 the BindingState.
int push_hook_arguments(lua_State* L) {
  const auto* args = static_cast<const HookArgs*>(lua_touserdata(L, 1));
  const auto* bindings = static_cast<const BindingState*>(lua_touserdata(L, 2));
  lua_settop(L, 0);
  if (args->params != nullptr) {  // a Lua step kind: one table of its parameters
    push_step_params(L, *args->params);
    return 1;
  }
  if (args->step != nullptr) {
    lua_pushstring(L, args->step);
    return 1;
  }
  if (args->seat >= 0) {
    lua_pushinteger(L, args->seat);
  } else {
    lua_pushnil(L);  // an event about no single seat (kNoSeat)
  }
  if (args->card == kNoCard) return 1;
  push_hook_card(L, *bindings, args->card);
  if (args->taken == nullptr) return 2;
  push_hook_cards(L, *bindings, *args->taken);  // captured: the cards taken, in deck order
  return 3;
}

// The hot path: no table, no global lookup, and the common case (a seat, and
// maybe a card or a number) pushes nothing that allocates, so nothing can
// raise outside the lua_pcall.
std::string LuaHost::call(const BoundHook& hook, bool is_action, HookContext& context, const HookArgs& args) {
  const int handler = lua_gettop(L_) + 1;
  lua_pushcfunction(L_, message_handler);
  lua_rawgeti(L_, LUA_REGISTRYINDEX, hook.ref);
  if (args.step == nullptr && args.taken == nullptr && args.params == nullptr) {
    if (args.seat >= 0) {
      lua_pushinteger(L_, args.seat);
    } else {
      lua_pushnil(L_);  // an event about no single seat (kNoSeat)
    }
    if (args.card != kNoCard) {
      push_hook_card(L_, bindings_, args.card);  // an interned string: no allocation
    } else if (args.has_number) {
      lua_pushinteger(L_, args.number);  // a numbered action word's number
    }
  } else {
    // A step name, the cards taken or parameters allocate: pushed inside a protected call.
    lua_pushcfunction(L_, push_hook_arguments);
    lua_pushlightuserdata(L_, const_cast<HookArgs*>(&args));
    lua_pushlightuserdata(L_, &bindings_);
    if (int status = lua_pcall(L_, 2, LUA_MULTRET, handler); status != LUA_OK) {
      lua_remove(L_, handler + 1);  // the hook function: the message stays above the handler
      return hook_failure(hook, is_action, describe_failure(status));
    }
  }
  const int nargs = lua_gettop(L_) - (handler + 1);
  reset_budget();
  begin_hook_call(&bindings_, &context);
  int status = lua_pcall(L_, nargs, 0, handler);
  disarm_watchdog(L_, *budget_);
  const bool ok = status == LUA_OK;
  std::string failure = ok ? std::string() : describe_failure(status);
  std::string vars_error = end_hook_call(L_, &bindings_, ok);
  if (ok) {
    lua_pop(L_, 1);  // the handler
    if (vars_error.empty()) return {};
    return hook_failure(hook, is_action, vars_error);
  }
  return hook_failure(hook, is_action, failure);
}

std::string LuaHost::run(const std::string& code, const std::string& chunk_name,
                         HookContext* context) {
  if (L_ == nullptr) return "no Lua state";
  ChunkJob job{&code, &chunk_name};
  reset_budget();
  begin_hook_call(&bindings_, context);
  bindings_.in_hook = context != nullptr;  // tools may define globals; a game's hook may not
  std::string error = run_protected(run_chunk, &job);
  std::string vars_error = end_hook_call(L_, &bindings_, error.empty());
  return error.empty() ? vars_error : error;
}

size_t LuaHost::memory_used() const { return budget_->memory_used; }

std::string LuaHost::run_protected(int (*fn)(lua_State*), void* data, void* more) {
  lua_pushcfunction(L_, message_handler);
  lua_pushcfunction(L_, fn);
  lua_pushlightuserdata(L_, data);
  lua_pushlightuserdata(L_, more);
  int status = lua_pcall(L_, 2, 0, -4);
  disarm_watchdog(L_, *budget_);
  if (status == LUA_OK) {
    lua_pop(L_, 1);
    return {};
  }
  return describe_failure(status);
}

void LuaHost::reset_budget() {
  arm_watchdog(L_, *budget_, limits_.instructions_per_call, limits_.call_deadline_ms, "per call");
}

void LuaHost::arm_for_load() {
  arm_watchdog(L_, *budget_, limits_.instructions_per_call, limits_.load_deadline_ms, "at load time");
}

std::string LuaHost::describe_failure(int status) {
  // The handler always leaves a string, except for memory errors (which skip
  // it) and errors inside it; never call lua_tostring on a non-string here,
  // it would convert in place and may allocate.
  // A hook's message is untrusted text: escaped for the terminal, bounded.
  std::string message = lua_type(L_, -1) == LUA_TSTRING ? printable_text(lua_tostring(L_, -1))
                                                          : "(error object is not a string)";
  lua_pop(L_, 2);  // the message and the handler
  if (status == LUA_ERRMEM) {
    size_t limit = budget_->memory_limit;
    message += " (memory limit of " +
               (limit % (size_t(1) << 20) == 0 ? std::to_string(limit >> 20) + " MiB"
                                               : std::to_string(limit) + " bytes") +
               ")";
    lua_gc(L_, LUA_GCCOLLECT);
  }
  return message;
}

}  // namespace hukum
