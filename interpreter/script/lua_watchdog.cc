// The Lua watchdog (see lua_watchdog.h): allocator cap, count hook with the
// instruction budget and the CPU-time deadline, and the guarded C functions.
#include "script/lua_watchdog.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <cerrno>

#include <lua.hpp>

#include "script/cpu_ticker.h"

namespace hukum {

namespace {

void watchdog_hook(lua_State* L, lua_Debug* ar);

// The count hook runs every this many instructions: cheap enough for the hot
// path, fine-grained enough that the deadline is seen within microseconds.
constexpr int kHookInterval = 1000;

LuaBudget& budget_of(lua_State* L) { return **static_cast<LuaBudget**>(lua_getextraspace(L)); }

std::string mib_text(size_t bytes) {
  if (bytes % (size_t(1) << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

void trip(lua_State* L, LuaBudget& b, std::string what) {
  if (b.tripped.empty()) b.tripped = std::move(what);
  // From now on every instruction raises: a pcall that caught the first error
  // stops at its next instruction, and so on up to the host.
  lua_sethook(L, watchdog_hook, LUA_MASKCOUNT, 1);
}

// The quiet start (see lua_watchdog.h). The call in progress on this thread
// and its count hook period, for the tick handler: plain thread-locals with
// no constructor, so that the handler may read them.
thread_local lua_State* volatile running_call = nullptr;
thread_local volatile int running_interval = 1000;
// Ticks of this thread's CPU ticker so far (only the handler writes it).
thread_local volatile uint64_t cpu_ticks = 0;

// The CPU tick's signal handler: a call still running gets its count hook.
// lua_sethook may be called from a signal handler (ldebug.c says so); a hook
// already on (counting, or tripped to raise at every instruction) is kept.
void on_cpu_tick(int) {
  const int saved_errno = errno;
  cpu_ticks = cpu_ticks + 1;
  lua_State* L = running_call;
  if (L != nullptr && lua_gethookmask(L) == 0) lua_sethook(L, watchdog_hook, LUA_MASKCOUNT, running_interval);
  errno = saved_errno;
}

[[noreturn]] void raise_tripped(lua_State* L, const LuaBudget& b) {
  luaL_where(L, 1);  // "script:line:" of the Lua code running, or "" inside C
  lua_pushstring(L, b.tripped.c_str());
  lua_concat(L, 2);
  lua_error(L);
  std::abort();  // not reached: lua_error does not return
}

int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// Ticks since the call was armed (0 without a ticker).
uint64_t ticks_since_arm(const LuaBudget& b) { return b.ticking ? cpu_ticks - b.ticks_at_arm : 0; }

// The clock starts at the first look (the count hook after 1,000 instructions,
// or a guarded C call), so a short hook costs no clock read at all. A look
// after k ticks since the call was armed counts the k - 1 periods between
// them as spent (at least that much CPU time has been: never more than spent).
void start_clock(LuaBudget& b) {
  if (b.start_ns >= 0) return;
  const uint64_t ticks = ticks_since_arm(b);
  b.start_ns = thread_cpu_ns() - (ticks > 1 ? int64_t(ticks - 1) * kCpuTickNs : 0);
}

// Whether the deadline may have passed, so that a clock read is worth it: not
// while no tick has come since the call was armed (less than a tick of CPU
// time spent) and the deadline is at least a tick.
bool clock_worth_reading(const LuaBudget& b) {
  return !b.ticking || ticks_since_arm(b) > 0 || b.deadline_ms * 1'000'000 < kCpuTickNs;
}

std::string memory_limit_text(const LuaBudget& b) {
  return "memory limit exceeded (" + mib_text(b.memory_limit) + " for the whole Lua state)";
}

bool past_deadline(LuaBudget& b) {
  if (b.start_ns < 0) {
    start_clock(b);
    if (ticks_since_arm(b) <= 1) return false;  // started now: nothing spent to count yet
  }
  return thread_cpu_ns() - b.start_ns > b.deadline_ms * 1'000'000;
}

std::string deadline_text(const LuaBudget& b) {
  return "time limit exceeded (" + std::to_string(b.deadline_ms) + " ms " + b.phase + ")";
}

// Count hook: the instruction budget and the deadline.
void watchdog_hook(lua_State* L, lua_Debug* ar) {
  LuaBudget& b = budget_of(L);
  if (b.tripped.empty()) {
    b.instructions += b.interval;
    if (b.instructions > b.instruction_limit)
      trip(L, b, "instruction limit exceeded (" + std::to_string(b.instruction_limit) + " instructions " + b.phase + ")");
    else if (past_deadline(b))
      trip(L, b, deadline_text(b));
    else
      return;
  }
  lua_getinfo(L, "Sl", ar);
  lua_pushfstring(L, "%s:%d: %s", ar->short_src, ar->currentline, b.tripped.c_str());
  lua_error(L);
}

// ---- Guarded C functions ---------------------------------------------------

enum class Guard { Plain, Pattern, Find, Sort };

// lua_CFunction closure: upvalue 1 the original function, upvalue 2 its Guard.
int guarded_call(lua_State* L) {
  LuaBudget& b = budget_of(L);
  if (!b.tripped.empty()) raise_tripped(L, b);
  auto guard = Guard(lua_tointeger(L, lua_upvalueindex(2)));
  if (guard == Guard::Pattern || guard == Guard::Find) {
    size_t n = 0, m = 0;
    const char* subject = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &n) : nullptr;
    const char* pattern = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &m) : nullptr;
    if (subject != nullptr && pattern != nullptr) {
      const bool plain = guard == Guard::Find && lua_toboolean(L, 4);
      const double cost = plain ? double(n + 1) * double(m + 4) : pattern_cost(n, std::string(pattern, m));
      if (cost > kMaxPatternCost) {
        char message[200];
        std::snprintf(message, sizeof message,
                      "pattern too costly for a subject of %zu bytes (worst case %.3g steps, limit %.3g): "
                      "use a shorter subject or a simpler pattern",
                      n, cost, kMaxPatternCost);
        return luaL_error(L, "%s", message);
      }
    }
  }
  if (guard == Guard::Sort && lua_type(L, 1) == LUA_TTABLE && luaL_len(L, 1) > lua_Integer(kMaxSortLength))
    return luaL_error(L, "table.sort of more than %d elements", int(kMaxSortLength));
  if (clock_worth_reading(b)) start_clock(b);
  auto original = lua_tocfunction(L, lua_upvalueindex(1));
  int results = original(L);
  if (clock_worth_reading(b) && past_deadline(b)) {
    trip(L, b, deadline_text(b));
    raise_tripped(L, b);
  }
  return results;
}

// The message handler xpcall installs: the user's handler (upvalue 1), unless
// the call is tripped (then Lua would run it with hooks off).
int watched_message_handler(lua_State* L) {
  if (!budget_of(L).tripped.empty()) {
    lua_settop(L, 1);
    return 1;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// xpcall(f, msgh, ...) as in lbaselib.c (no coroutines here, so no continuation).
int watched_xpcall(lua_State* L) {
  LuaBudget& b = budget_of(L);
  if (!b.tripped.empty()) raise_tripped(L, b);
  const int n = lua_gettop(L);  // f, msgh, args...
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, watched_message_handler, 1);
  lua_replace(L, 2);    // [1] f, [2] the watched handler, [3..n] args
  lua_pushvalue(L, 1);  // f on top ...
  lua_rotate(L, 3, 1);  // ... moved below the args: [3] f, [4..n+1] args
  int status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
  lua_pushboolean(L, status == LUA_OK);
  lua_insert(L, 3);  // [3] the status, then the results or the error
  return lua_gettop(L) - 2;
}

Guard guard_for(const char* library, const char* name) {
  if (std::strcmp(library, LUA_STRLIBNAME) == 0) {
    if (std::strcmp(name, "find") == 0) return Guard::Find;
    for (const char* p : {"match", "gmatch", "gsub"})
      if (std::strcmp(name, p) == 0) return Guard::Pattern;
  }
  if (std::strcmp(library, LUA_TABLIBNAME) == 0 && std::strcmp(name, "sort") == 0) return Guard::Sort;
  return Guard::Plain;
}

// Scans one pattern item starting at p; returns the index after it (lstrlib's classEnd).
size_t class_end(const std::string& p, size_t i) {
  char c = p[i++];
  if (c == '%') return std::min(p.size(), i + 1);
  if (c == '[') {
    if (i < p.size() && p[i] == '^') ++i;
    do {  // look for a ']'
      if (i >= p.size()) return p.size();
      char d = p[i++];
      if (d == '%' && i < p.size()) ++i;
    } while (i >= p.size() || p[i] != ']');
    return i + 1;
  }
  return i;
}

}  // namespace

double pattern_cost(size_t subject_length, const std::string& p) {
  const double n1 = double(subject_length) + 1;
  size_t i = 0;
  double positions = n1;
  if (!p.empty() && p[0] == '^') positions = 1, i = 1;
  double per_start = 1;
  while (i < p.size()) {
    char c = p[i];
    if (c == '(' || c == ')') {
      ++i;
      continue;
    }
    if (c == '%' && i + 1 < p.size()) {
      char k = p[i + 1];
      if (k == 'b') {  // %bxy: a balance scan over the rest of the subject
        per_start *= n1;
        i += 4;
        continue;
      }
      if (k == 'f') {  // %f[set]: a frontier, one test
        i = class_end(p, i + 2);
        continue;
      }
      if (k >= '0' && k <= '9') {  // a back reference compares a capture
        per_start *= n1;
        i += 2;
        continue;
      }
    }
    size_t end = class_end(p, i);
    if (end < p.size()) {
      char q = p[end];
      if (q == '*' || q == '+' || q == '-') {
        per_start *= n1;
        ++end;
      } else if (q == '?') {
        per_start *= 2;
        ++end;
      }
    }
    i = end;
    if (per_start > 1e300) break;
  }
  // Each step also pays for the pattern items and, in gsub, for the result.
  return positions * per_start * double(p.size() + 4);
}

namespace {

// Frees a block Lua allocated with `bytes` (Lua always gives a block's size
// back), to the pool or to the system as the size says.
void release(BlockPool& pool, void* block, size_t bytes) {
  if (block == nullptr) return;
  if (BlockPool::serves(bytes)) pool.give(block, bytes);
  else std::free(block);
}

// A block of `new_size` bytes starting with the first bytes of `block`
// (`old_bytes` long; a new block when `block` is null), or nullptr.
void* resize(BlockPool& pool, void* block, size_t old_bytes, size_t new_size) {
  const bool small = BlockPool::serves(new_size);
  if (block == nullptr) return small ? pool.take(new_size) : std::malloc(new_size);
  const bool was_small = BlockPool::serves(old_bytes);
  if (!was_small && !small) return std::realloc(block, new_size);
  if (was_small && small && BlockPool::same_class(old_bytes, new_size)) return block;
  void* moved = small ? pool.take(new_size) : std::malloc(new_size);
  // Lua counts on a shrink never failing: the block is kept, large enough.
  // (Out of system memory, a large block kept so then goes to the pool when
  // freed and is reused, never returned: a leak only after such a failure.)
  if (moved == nullptr) return new_size <= old_bytes ? block : nullptr;
  std::memcpy(moved, block, std::min(old_bytes, new_size));
  release(pool, block, old_bytes);
  return moved;
}

}  // namespace

void* capped_alloc(void* ud, void* ptr, size_t old_size, size_t new_size) {
  auto* budget = static_cast<LuaBudget*>(ud);
  size_t old_bytes = ptr != nullptr ? old_size : 0;  // without ptr, old_size is a type tag
  if (new_size == 0) {
    release(budget->pool, ptr, old_bytes);
    budget->memory_used -= old_bytes;
    return nullptr;
  }
  // Refusing a growth makes Lua run an emergency collection and try once more
  // (a second refusal raises "not enough memory"; luaL_Buffer raises at the
  // first). Each refusal may cost a full collection that no instruction count
  // sees, so the second refusal of a call, or one past the deadline, stops the
  // call: the hook is re-armed to run at the next instruction (lua_sethook is
  // safe at any point, even in a signal handler) and the stop is sticky.
  if (new_size > old_bytes && budget->memory_used - old_bytes + new_size > budget->memory_limit) {
    ++budget->refusals;
    if (budget->state != nullptr && budget->tripped.empty() && (budget->refusals >= 2 || past_deadline(*budget))) {
      try {
        budget->tripped = budget->refusals >= 2 ? memory_limit_text(*budget) : deadline_text(*budget);
      } catch (...) {  // no exception may cross Lua's C frames
      }
      lua_sethook(budget->state, watchdog_hook, LUA_MASKCOUNT, 1);
    }
    return nullptr;
  }
  void* grown = resize(budget->pool, ptr, old_bytes, new_size);
  if (grown != nullptr) budget->memory_used = budget->memory_used - old_bytes + new_size;
  return grown;
}

void arm_watchdog(lua_State* L, LuaBudget& b, int64_t instructions, int64_t deadline_ms, const char* phase) {
  b.refusals = 0;
  b.instructions = 0;
  b.instruction_limit = instructions;
  b.deadline_ms = deadline_ms;
  b.start_ns = -1;
  b.phase = phase;
  b.tripped.clear();
  b.interval = int(std::clamp<int64_t>(instructions, 1, kHookInterval));
  b.ticking = false;
  if (!start_cpu_ticker(on_cpu_tick)) {
    lua_sethook(L, watchdog_hook, LUA_MASKCOUNT, b.interval);  // watched from the first instruction
    return;
  }
  running_call = nullptr;
  lua_sethook(L, nullptr, 0, 0);
  b.ticking = true;
  b.ticks_at_arm = cpu_ticks;
  running_interval = b.interval;
  std::atomic_signal_fence(std::memory_order_seq_cst);  // the handler sees the interval first
  running_call = L;
}

void disarm_watchdog(lua_State* L, const LuaBudget& b) {
  if (running_call == L) running_call = nullptr;
  // Between armed calls the hook stays on, as it was before the quiet start:
  // any Lua the host runs without arming (a metamethod reached while looking
  // up a hook function) is still counted.
  if (lua_gethookmask(L) == 0) lua_sethook(L, watchdog_hook, LUA_MASKCOUNT, b.interval);
}

int install_watchdog_guards(lua_State* L) {
  lua_pushcfunction(L, watched_xpcall);
  lua_setglobal(L, "xpcall");
  for (const char* library : {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_UTF8LIBNAME}) {
    lua_getglobal(L, library);
    if (!lua_istable(L, -1)) {
      lua_pop(L, 1);
      continue;
    }
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      // key at -2, value at -1
      if (lua_iscfunction(L, -1) && lua_type(L, -2) == LUA_TSTRING) {
        const char* name = lua_tostring(L, -2);
        lua_pushinteger(L, lua_Integer(guard_for(library, name)));
        lua_pushcclosure(L, guarded_call, 2);  // the original and its guard
        lua_pushvalue(L, -2);                  // key
        lua_insert(L, -2);
        lua_rawset(L, -4);                     // library[key] = guarded (an existing key: next stays valid)
      } else {
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
  return 0;
}

}  // namespace hukum
