// Comparison, look-up and text of HookVars values.
#include "engine/vars.h"

#include <algorithm>

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
  std::sort(table.entries.begin(), table.entries.end(), [](const auto& a, const auto& b) {
    if (a.first.kind != b.first.kind) return a.first.kind == VarValue::Kind::Integer;
    if (a.first.kind == VarValue::Kind::Integer) return a.first.integer < b.first.integer;
    return a.first.text < b.first.text;
  });
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
