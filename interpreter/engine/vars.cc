// Comparison, look-up and text of HookVars values.
#include "engine/vars.h"

#include <algorithm>
#include <atomic>

namespace hukum {

VarValue::VarValue() = default;
VarValue::VarValue(const VarValue&) = default;
VarValue::VarValue(VarValue&&) noexcept = default;
VarValue& VarValue::operator=(const VarValue&) = default;
VarValue& VarValue::operator=(VarValue&&) noexcept = default;
VarValue::~VarValue() = default;

VarValue VarValue::of_integer(int64_t i) {
  VarValue v;
  v.kind = Kind::Integer;
  v.integer = i;
  return v;
}

VarValue VarValue::of_string(std::string s) {
  VarValue v;
  v.kind = Kind::String;
  v.text = std::move(s);
  return v;
}

VarValue VarValue::of_boolean(bool b) {
  VarValue v;
  v.kind = Kind::Boolean;
  v.boolean = b;
  return v;
}

VarValue VarValue::table() {
  VarValue v;
  v.kind = Kind::Table;
  return v;
}

uint64_t next_vars_stamp() {
  static std::atomic<uint64_t> next{kEmptyVarsStamp + 1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

const VarValue* VarValue::find(const std::string& key) const {
  if (kind != Kind::Table) return nullptr;
  for (const auto& [k, v] : entries)
    if (k.kind == Kind::String && k.text == key) return &v;
  return nullptr;
}

bool VarValue::operator==(const VarValue& o) const {
  if (kind != o.kind) return false;
  switch (kind) {
    case Kind::Nil: return true;
    case Kind::Boolean: return boolean == o.boolean;
    case Kind::Integer: return integer == o.integer;
    case Kind::String: return text == o.text;
    case Kind::Table: return entries == o.entries;
  }
  return false;
}

void sort_entries(VarValue& table) {
  auto& entries = table.entries;
  auto key_less = [&](size_t a, size_t b) {
    const VarValue& x = entries[a].first;
    const VarValue& y = entries[b].first;
    if (x.kind != y.kind) return x.kind == VarValue::Kind::Integer;
    if (x.kind == VarValue::Kind::Integer) return x.integer < y.integer;
    return x.text < y.text;
  };
  bool sorted = true;
  for (size_t i = 1; i < entries.size() && sorted; ++i) sorted = !key_less(i, i - 1);
  if (sorted) return;
  // Entries are large (two values, each with a string and a vector): sort
  // their indices, then put each entry in place by following the permutation's
  // cycles, one swap per misplaced entry and no allocation for small tables.
  constexpr size_t kSmall = 32;
  size_t small[kSmall];
  std::vector<size_t> large;
  size_t* order = small;
  if (entries.size() > kSmall) large.resize(entries.size()), order = large.data();
  for (size_t i = 0; i < entries.size(); ++i) order[i] = i;
  std::sort(order, order + entries.size(), key_less);
  // order[i] is the entry that belongs at i.
  for (size_t i = 0; i < entries.size(); ++i) {
    if (order[i] == i) continue;
    size_t hole = i;
    auto moving = std::move(entries[i]);
    while (order[hole] != i) {
      const size_t from = order[hole];
      entries[hole] = std::move(entries[from]);
      order[hole] = hole;
      hole = from;
    }
    entries[hole] = std::move(moving);
    order[hole] = hole;
  }
}

namespace {

void append_quoted(std::string& out, const std::string& s) {
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      out += '?';  // control characters never reach a terminal raw
      continue;
    }
    out += c;
  }
  out += '"';
}

bool is_identifier(const std::string& s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) return false;
  return true;
}

void append(std::string& out, const VarValue& v) {
  switch (v.kind) {
    case VarValue::Kind::Nil: out += "nil"; return;
    case VarValue::Kind::Boolean: out += v.boolean ? "true" : "false"; return;
    case VarValue::Kind::Integer: out += std::to_string(v.integer); return;
    case VarValue::Kind::String: append_quoted(out, v.text); return;
    case VarValue::Kind::Table: break;
  }
  out += '{';
  int64_t next_index = 1;  // a run of keys 1, 2, 3... prints as a list
  bool first = true;
  for (const auto& [k, val] : v.entries) {
    if (!first) out += ',';
    first = false;
    if (k.kind == VarValue::Kind::Integer && k.integer == next_index) {
      ++next_index;
    } else if (k.kind == VarValue::Kind::String && is_identifier(k.text)) {
      out += k.text + "=";
    } else {
      out += '[';
      append(out, k);
      out += "]=";
    }
    append(out, val);
  }
  out += '}';
}

}  // namespace

std::string var_text(const VarValue& v) {
  std::string out;
  append(out, v);
  return out;
}

}  // namespace hukum
