// See lua_vars.h. Limits (VarLimits) are checked while reading, so a hook
// cannot grow the game state without bound.
#include "script/lua_vars.h"

#include <algorithm>
#include <cmath>

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

struct Reader {
  lua_State* L;
  int entries = 0;
  size_t text_bytes = 0;

  std::string where(const std::string& path) const { return path.empty() ? "game.vars" : "game.vars" + path; }

  // A key as written in a path: .name or [3] or ["odd key"].
  static std::string key_path(const VarValue& key) {
    if (key.kind == VarValue::Kind::Integer) return "[" + std::to_string(key.integer) + "]";
    return "." + key.text;
  }

  std::string read_scalar(int index, const std::string& path, VarValue* out) {
    switch (lua_type(L, index)) {
      case LUA_TNIL: *out = VarValue(); return {};
      case LUA_TBOOLEAN: *out = VarValue::of_boolean(lua_toboolean(L, index)); return {};
      case LUA_TNUMBER: {
        int is_integer = 0;
        lua_Integer i = lua_tointegerx(L, index, &is_integer);
        if (!is_integer) return where(path) + ": only integers can be kept, not " + std::to_string(lua_tonumber(L, index));
        *out = VarValue::of_integer(int64_t(i));
        return {};
      }
      case LUA_TSTRING: {
        size_t len = 0;
        const char* s = lua_tolstring(L, index, &len);  // already a string: no conversion
        text_bytes += len;
        if (text_bytes > VarLimits::kMaxTextBytes)
          return where(path) + ": more than " + std::to_string(VarLimits::kMaxTextBytes) + " bytes of text kept";
        *out = VarValue::of_string(std::string(s, len));
        return {};
      }
      default:
        return where(path) + ": a " + lua_typename(L, lua_type(L, index)) +
               " cannot be kept (nil, booleans, integers, strings and tables only)";
    }
  }

  std::string read(int index, const std::string& path, int depth, VarValue* out) {
    if (lua_type(L, index) != LUA_TTABLE) return read_scalar(index, path, out);
    if (depth >= VarLimits::kMaxDepth)
      return where(path) + ": tables nested deeper than " + std::to_string(VarLimits::kMaxDepth) + " (a cycle?)";
    if (!lua_checkstack(L, 4)) return where(path) + ": out of Lua stack";
    index = lua_absindex(L, index);
    *out = VarValue::table();
    size_t count = 0;  // counted first: the entries are moved into place once
    for (lua_pushnil(L); lua_next(L, index) != 0; lua_pop(L, 1)) ++count;
    out->entries.reserve(count);
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {  // key at -2, value at -1
      VarValue key;
      const int key_type = lua_type(L, -2);
      if (key_type != LUA_TSTRING && key_type != LUA_TNUMBER) {
        lua_pop(L, 2);
        return where(path) + ": keys must be integers or strings, not a " + lua_typename(L, key_type);
      }
      if (std::string e = read_scalar(-2, path, &key); !e.empty()) {
        lua_pop(L, 2);
        return e;
      }
      if (++entries > VarLimits::kMaxEntries) {
        lua_pop(L, 2);
        return where(path) + ": more than " + std::to_string(VarLimits::kMaxEntries) + " entries kept";
      }
      VarValue value;
      if (std::string e = read(-1, path + key_path(key), depth + 1, &value); !e.empty()) {
        lua_pop(L, 2);
        return e;
      }
      lua_pop(L, 1);  // the value; the key stays for lua_next
      out->entries.emplace_back(std::move(key), std::move(value));
    }
    sort_entries(*out);  // whatever the hash order
    return {};
  }
};

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
    const VarValue* kept = nullptr;
    const int key_type = lua_type(L, -2);
    for (const auto& entry : value.entries) {
      // A string key is read only when it is one: lua_tolstring would turn a number key into a string.
      if (key_type == LUA_TSTRING ? var_unchanged(L, -2, entry.first, depth + 1)
                                  : key_type == LUA_TNUMBER && var_unchanged(L, -2, entry.first, depth + 1)) {
        kept = &entry.second;
        break;
      }
    }
    if (kept == nullptr || !var_unchanged(L, -1, *kept, depth + 1)) {
      lua_pop(L, 2);
      return false;
    }
    ++count;
    lua_pop(L, 1);
  }
  return count == value.entries.size();
}

std::string read_var(lua_State* L, int index, VarValue* out) {
  Reader reader{L};
  return reader.read(index, "", 0, out);
}

}  // namespace hukum
