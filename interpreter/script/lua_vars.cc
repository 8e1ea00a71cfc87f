// See lua_vars.h. Limits (VarLimits) are checked while reading, so a hook
// cannot grow the game state without bound.
#include "script/lua_vars.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include <lua.hpp>

namespace hukum {

void push_var(lua_State* L, const VarValue& value) {
  switch (value.kind) {
    case VarValue::Kind::Nil: lua_pushnil(L); return;
    case VarValue::Kind::Boolean: lua_pushboolean(L, value.boolean); return;
    case VarValue::Kind::Integer: lua_pushinteger(L, lua_Integer(value.integer)); return;
    case VarValue::Kind::String: lua_pushlstring(L, value.text.data(), value.text.size()); return;
    case VarValue::Kind::Table: break;
  }
  luaL_checkstack(L, 3, "game.vars nested too deeply");
  lua_createtable(L, 0, int(value.entries.size()));
  for (const auto& entry : value.entries) {
    push_var(L, entry.first);
    push_var(L, entry.second);
    lua_rawset(L, -3);
  }
}

namespace {

// Reads (or, with no output, only checks) a Lua value against the rules of
// game.vars. Both modes share one walk, so a value that passes the check
// always reads.
struct Reader {
  lua_State* L;
  int entries = 0;
  size_t text_bytes = 0;
  // The keys from game.vars down to the value being read, pointing into the
  // Lua strings on the stack; a path is spelled out only for an error message,
  // so reading allocates no path strings.
  struct Key {
    bool integer;
    int64_t number;
    const char* text;
    size_t length;
  };
  std::vector<Key> keys;
  const char* root = "game.vars";  // how messages name the value read

  std::string where() const {
    std::string path = root;
    for (const Key& key : keys) {  // .name or [3]
      if (key.integer) path += "[" + std::to_string(key.number) + "]";
      else path += "." + std::string(key.text, key.length);
    }
    return path;
  }

  // `out` may be nullptr: check only.
  std::string read_scalar(int index, VarValue* out) {
    switch (lua_type(L, index)) {
      case LUA_TNIL:
        if (out) *out = VarValue();
        return {};
      case LUA_TBOOLEAN:
        if (out) *out = VarValue::of_boolean(lua_toboolean(L, index));
        return {};
      case LUA_TNUMBER: {
        int is_integer = 0;
        lua_Integer i = lua_tointegerx(L, index, &is_integer);
        if (!is_integer) return where() + ": only integers can be kept, not " + std::to_string(lua_tonumber(L, index));
        if (out) *out = VarValue::of_integer(int64_t(i));
        return {};
      }
      case LUA_TSTRING: {
        size_t len = 0;
        const char* s = lua_tolstring(L, index, &len);  // already a string: no conversion
        text_bytes += len;
        if (text_bytes > VarLimits::kMaxTextBytes)
          return where() + ": more than " + std::to_string(VarLimits::kMaxTextBytes) + " bytes of text kept";
        if (out) {
          out->kind = VarValue::Kind::String;
          out->text.assign(s, len);
        }
        return {};
      }
      default:
        return where() + ": a " + lua_typename(L, lua_type(L, index)) +
               " cannot be kept (nil, booleans, integers, strings and tables only)";
    }
  }

  std::string read(int index, int depth, VarValue* out) {
    if (lua_type(L, index) != LUA_TTABLE) return read_scalar(index, out);
    if (depth >= VarLimits::kMaxDepth)
      return where() + ": tables nested deeper than " + std::to_string(VarLimits::kMaxDepth) + " (a cycle?)";
    if (!lua_checkstack(L, 4)) return where() + ": out of Lua stack";
    index = lua_absindex(L, index);
    if (out) {
      *out = VarValue::table();
      out->entries.reserve(8);  // hooks keep small tables: one allocation, no regrowth
    }
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {  // key at -2, value at -1
      const int key_type = lua_type(L, -2);
      if (key_type != LUA_TSTRING && key_type != LUA_TNUMBER) {
        lua_pop(L, 2);
        return where() + ": keys must be integers or strings, not a " + lua_typename(L, key_type);
      }
      if (++entries > VarLimits::kMaxEntries) {
        lua_pop(L, 2);
        return where() + ": more than " + std::to_string(VarLimits::kMaxEntries) + " entries kept";
      }
      // Read in place: the entry is never moved while it is filled.
      auto* entry = out ? &out->entries.emplace_back() : nullptr;
      std::string e = read_scalar(-2, entry ? &entry->first : nullptr);
      if (e.empty()) {
        Key key{key_type == LUA_TNUMBER, 0, nullptr, 0};
        if (key.integer) key.number = int64_t(lua_tointeger(L, -2));
        else key.text = lua_tolstring(L, -2, &key.length);
        keys.push_back(key);
        e = read(-1, depth + 1, entry ? &entry->second : nullptr);
        keys.pop_back();
      }
      if (!e.empty()) {
        lua_pop(L, 2);
        return e;
      }
      lua_pop(L, 1);  // the value; the key stays for lua_next
    }
    if (out) sort_entries(*out);  // whatever the hash order
    return {};
  }
};

// The kept value under the Lua key at `index`, or nullptr: a binary search of
// the table's entries, which are sorted (integers, then strings).
const VarValue* find_entry(lua_State* L, int index, const VarValue& table) {
  const auto& entries = table.entries;
  const int key_type = lua_type(L, index);
  if (key_type == LUA_TNUMBER) {
    int is_integer = 0;
    const int64_t key = int64_t(lua_tointegerx(L, index, &is_integer));
    if (!is_integer) return nullptr;
    auto it = std::lower_bound(entries.begin(), entries.end(), key, [](const auto& entry, int64_t k) {
      return entry.first.kind == VarValue::Kind::Integer && entry.first.integer < k;
    });
    if (it == entries.end() || it->first.kind != VarValue::Kind::Integer || it->first.integer != key) return nullptr;
    return &it->second;
  }
  if (key_type != LUA_TSTRING) return nullptr;  // lua_tolstring would turn a number key into a string
  size_t len = 0;
  const char* s = lua_tolstring(L, index, &len);
  const std::string_view key(s, len);
  auto it = std::lower_bound(entries.begin(), entries.end(), key, [](const auto& entry, std::string_view k) {
    return entry.first.kind == VarValue::Kind::Integer || std::string_view(entry.first.text) < k;
  });
  if (it == entries.end() || it->first.kind != VarValue::Kind::String || it->first.text != key) return nullptr;
  return &it->second;
}

}  // namespace

bool var_unchanged(lua_State* L, int index, const VarValue& value, int depth) {
  switch (lua_type(L, index)) {
    case LUA_TNIL: return value.kind == VarValue::Kind::Nil;
    case LUA_TBOOLEAN: return value.kind == VarValue::Kind::Boolean && value.boolean == bool(lua_toboolean(L, index));
    case LUA_TNUMBER: {
      int is_integer = 0;
      const lua_Integer i = lua_tointegerx(L, index, &is_integer);
      return is_integer && value.kind == VarValue::Kind::Integer && value.integer == int64_t(i);
    }
    case LUA_TSTRING: {
      size_t len = 0;
      const char* s = lua_tolstring(L, index, &len);
      return value.kind == VarValue::Kind::String && value.text.size() == len && value.text.compare(0, len, s, len) == 0;
    }
    case LUA_TTABLE: break;
    default: return false;
  }
  if (value.kind != VarValue::Kind::Table || depth >= VarLimits::kMaxDepth || !lua_checkstack(L, 4)) return false;
  if (lua_getmetatable(L, index)) {  // a table a hook gave a metatable is never taken as unchanged
    lua_pop(L, 1);
    return false;
  }
  index = lua_absindex(L, index);
  size_t count = 0;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {  // key at -2, value at -1
    const VarValue* kept = find_entry(L, -2, value);
    if (kept == nullptr || !var_unchanged(L, -1, *kept, depth + 1)) {
      lua_pop(L, 2);
      return false;
    }
    ++count;
    lua_pop(L, 1);
  }
  return count == value.entries.size();
}

std::string read_var(lua_State* L, int index, VarValue* out, const char* root) {
  Reader reader{L, 0, 0, {}, root};
  return reader.read(index, 0, out);
}

namespace {

// The check of check_var on the hot path: runs after every hook that used
// game.vars, so it only answers yes or no (the Reader walks again to say what
// is wrong). Same rules as Reader; keep the two in step. It costs a few Lua API
// calls an entry (lua_next, the two types, a string's length, the pop), so the
// stack is reserved once for the deepest walk and no call is spent on what the
// type already says (a key's number is always an integer, or else a float
// that is not integral: Lua stores 2.0 as the key 2).
struct QuickCheck {
  lua_State* L;
  int entries = 0;
  size_t text_bytes = 0;

  bool value(int type, int index) {
    switch (type) {
      case LUA_TNIL:
      case LUA_TBOOLEAN: return true;
      case LUA_TNUMBER: {  // as Reader: a float with an integral value (2.0) is kept as 2
        if (lua_isinteger(L, index)) return true;
        int is_integer = 0;
        lua_tointegerx(L, index, &is_integer);
        return is_integer != 0;
      }
      case LUA_TSTRING: return (text_bytes += lua_rawlen(L, index)) <= VarLimits::kMaxTextBytes;
      default: return false;
    }
  }

  // The table at the top of the stack; needs 2 free stack slots per level below.
  bool table(int depth) {
    if (depth >= VarLimits::kMaxDepth) return false;
    const int index = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {  // key at -2, value at -1
      const int key_type = lua_type(L, -2);
      bool ok = ++entries <= VarLimits::kMaxEntries;
      if (key_type == LUA_TSTRING) ok = ok && (text_bytes += lua_rawlen(L, -2)) <= VarLimits::kMaxTextBytes;
      else ok = ok && key_type == LUA_TNUMBER && lua_isinteger(L, -2);
      if (ok) {
        const int value_type = lua_type(L, -1);
        ok = value_type == LUA_TTABLE ? table(depth + 1) : value(value_type, -1);
      }
      lua_pop(L, ok ? 1 : 2);
      if (!ok) return false;
    }
    return true;
  }

  bool check(int index) {
    const int type = lua_type(L, index);
    if (type != LUA_TTABLE) return value(type, index);
    // Two slots (a key and its value) for each level of tables, and one spare.
    if (!lua_checkstack(L, 2 * VarLimits::kMaxDepth + 3)) return false;
    lua_pushvalue(L, index);
    const bool ok = table(0);
    lua_pop(L, 1);
    return ok;
  }
};

}  // namespace

bool var_keepable(lua_State* L, int index) {
  QuickCheck quick{L};
  return quick.check(index);
}

std::string check_var(lua_State* L, int index) {
  if (var_keepable(L, index)) return {};
  Reader reader{L, 0, 0, {}, "game.vars"};
  std::string error = reader.read(index, 0, nullptr);
  return error.empty() ? "game.vars: cannot be kept" : error;  // (the two checks disagree: a bug)
}

}  // namespace hukum
