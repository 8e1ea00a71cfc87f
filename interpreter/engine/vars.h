// HookVars: the state hooks keep between calls (`game.vars` in Lua). It lives in
// the GameState, so copying a state copies it: a bot that plays on a copy never
// changes the original, and a replay rebuilds it from the actions. A value is
// nil, a boolean, an integer, a string or a table of those, keyed by integers
// or strings; sizes are bounded because hooks come from untrusted files.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hukum {

struct VarValue {
  enum class Kind : uint8_t { Nil, Boolean, Integer, String, Table };
  Kind kind = Kind::Nil;
  bool boolean = false;
  int64_t integer = 0;
  std::string text;
  // Table entries, (key, value), keys are Integer or String values; kept in
  // the order they were written back (sorted: integers first, then strings).
  std::vector<std::pair<VarValue, VarValue>> entries;

  // Declared here, defined in vars.cc: `entries` holds pairs of this very
  // type, which some compilers (clang) cannot destroy until the class is
  // complete, so nothing in the class body may need the destructor.
  VarValue();
  VarValue(const VarValue&);
  VarValue(VarValue&&) noexcept;
  VarValue& operator=(const VarValue&);
  VarValue& operator=(VarValue&&) noexcept;
  ~VarValue();

  static VarValue of_integer(int64_t i);
  static VarValue of_string(std::string s);
  static VarValue of_boolean(bool b);
  static VarValue table();

  bool is_nil() const { return kind == Kind::Nil; }
  // The value under a string key of a table, or nullptr.
  const VarValue* find(const std::string& key) const;
  bool operator==(const VarValue& other) const;
};

// Limits on what hooks may keep (checked when a hook's game.vars is written back).
struct VarLimits {
  static constexpr int kMaxDepth = 16;          // tables inside tables
  static constexpr int kMaxEntries = 4096;      // table entries in all
  static constexpr size_t kMaxTextBytes = 1 << 16;  // string bytes in all (keys included)
};

// Stamps of vars contents (HookContext::vars_stamp): every empty table shares
// kEmptyVarsStamp; any other content gets a stamp no other write in the
// process has had (thread-safe), so equal stamps mean equal contents.
constexpr uint64_t kEmptyVarsStamp = 0;
uint64_t next_vars_stamp();

// Sorts a table's entries into the one canonical order (integer keys
// ascending, then string keys), so equal tables compare and print equal
// whatever order they were built in. Not recursive.
void sort_entries(VarValue& table);

// Compact text, for logs, scenario messages and tests: {a=1,b={1,2},c="x"}.
std::string var_text(const VarValue& v);

}  // namespace hukum
