// The result names a ruleset can produce (see result_names.h).
#include "ruleset/result_names.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "ruleset/input_file.h"

namespace hukum {

namespace {

// The level of a long bracket starting at text[i] ('[' '='* '['), or -1.
int long_bracket_level(const std::string& text, size_t i) {
  if (i >= text.size() || text[i] != '[') return -1;
  size_t j = i + 1;
  while (j < text.size() && text[j] == '=') ++j;
  return j < text.size() && text[j] == '[' ? int(j - i - 1) : -1;
}

// Skips the long bracket of `level` opening at text[i]; returns its contents
// (without a first newline, as Lua drops it) and moves i past the closing
// bracket. false when it never closes.
bool read_long_bracket(const std::string& text, size_t& i, int level, std::string* out) {
  size_t start = i + size_t(level) + 2;
  if (start < text.size() && text[start] == '\r') ++start;
  if (start < text.size() && text[start] == '\n') ++start;
  const std::string close = "]" + std::string(size_t(level), '=') + "]";
  const size_t end = text.find(close, start);
  if (end == std::string::npos) return false;
  if (out) *out = text.substr(start, end - start);
  i = end + close.size();
  return true;
}

void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xc0 | (cp >> 6)), out += char(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += char(0xe0 | (cp >> 12)), out += char(0x80 | ((cp >> 6) & 0x3f)), out += char(0x80 | (cp & 0x3f));
  } else {
    out += char(0xf0 | ((cp >> 18) & 0x07)), out += char(0x80 | ((cp >> 12) & 0x3f));
    out += char(0x80 | ((cp >> 6) & 0x3f)), out += char(0x80 | (cp & 0x3f));
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// One escape after a backslash at text[i - 1]; moves i past it. false on a malformed one.
bool read_escape(const std::string& text, size_t& i, std::string& out) {
  if (i >= text.size()) return false;
  const char c = text[i++];
  switch (c) {
    case 'a': out += '\a'; return true;
    case 'b': out += '\b'; return true;
    case 'f': out += '\f'; return true;
    case 'n': case '\n': out += '\n'; return true;
    case '\r':  // a backslash ending a CRLF line
      if (i < text.size() && text[i] == '\n') ++i;
      out += '\n';
      return true;
    case 'r': out += '\r'; return true;
    case 't': out += '\t'; return true;
    case 'v': out += '\v'; return true;
    case '\\': case '"': case '\'': out += c; return true;
    case 'z':
      while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
      return true;
    case 'x': {
      if (i + 1 >= text.size() || hex_value(text[i]) < 0 || hex_value(text[i + 1]) < 0) return false;
      out += char(hex_value(text[i]) * 16 + hex_value(text[i + 1]));
      i += 2;
      return true;
    }
    case 'u': {
      if (i >= text.size() || text[i] != '{') return false;
      unsigned long cp = 0;
      size_t j = i + 1;
      for (; j < text.size() && hex_value(text[j]) >= 0 && cp <= 0x7fffffffUL; ++j) cp = cp * 16 + unsigned(hex_value(text[j]));
      if (j == i + 1 || j >= text.size() || text[j] != '}' || cp > 0x10ffffUL) return false;
      append_utf8(out, cp);
      i = j + 1;
      return true;
    }
    default:
      if (c < '0' || c > '9') return false;
      int v = c - '0';
      for (int k = 0; k < 2 && i < text.size() && text[i] >= '0' && text[i] <= '9'; ++k) v = v * 10 + (text[i++] - '0');
      if (v > 255) return false;
      out += char(v);
      return true;
  }
}

// A quoted string opening at text[i]; moves i past it. false when it is not closed on its line.
bool read_quoted(const std::string& text, size_t& i, std::string* out) {
  const char quote = text[i++];
  std::string s;
  while (i < text.size()) {
    const char c = text[i++];
    if (c == quote) {
      *out = std::move(s);
      return true;
    }
    if (c == '\n' || c == '\r') return false;
    if (c != '\\') s += c;
    else if (!read_escape(text, i, s)) return false;
  }
  return false;
}

// The folders `require` looks in and the scripts: every Lua file the ruleset can run.
std::vector<std::string> lua_files(const Ruleset& rules) {
  namespace fs = std::filesystem;
  // A folder with more modules than any game needs is read this far: a name
  // written only past it is refused by set_result too, so both ends agree.
  constexpr size_t kMaxModuleFiles = 256;
  std::vector<std::string> files = rules.lua_scripts;
  for (const std::string& dir : {rules.ruleset_dir, rules.lua_library_dir}) {
    std::error_code ec;
    std::vector<std::string> in_dir;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end && in_dir.size() < kMaxModuleFiles; it.increment(ec))
      if (it->path().extension() == ".lua") in_dir.push_back(it->path().string());
    std::sort(in_dir.begin(), in_dir.end());  // the same names whatever order the folder lists
    files.insert(files.end(), in_dir.begin(), in_dir.end());
  }
  return files;
}

}  // namespace

std::vector<std::string> lua_string_literals(const std::string& text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '-' && i + 1 < text.size() && text[i + 1] == '-') {
      i += 2;
      if (int level = long_bracket_level(text, i); level >= 0) {
        if (!read_long_bracket(text, i, level, nullptr)) break;
      } else {
        while (i < text.size() && text[i] != '\n') ++i;
      }
    } else if (c == '"' || c == '\'') {
      std::string s;
      if (!read_quoted(text, i, &s)) break;
      out.push_back(std::move(s));
    } else if (int level = long_bracket_level(text, i); level >= 0) {
      std::string s;
      if (!read_long_bracket(text, i, level, &s)) break;
      out.push_back(std::move(s));
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<std::string> possible_result_names(const Ruleset& rules) {
  const ResultRules& r = rules.result;
  std::vector<std::string> names = {r.default_name, "draw", "all_passed"};
  for (const NamedResult& n : r.named) names.push_back(n.name);
  if (!r.contract.empty()) names.insert(names.end(), {r.contract_made, r.contract_failed});
  if (!rules.declaration.word.empty())
    names.insert(names.end(), {rules.declaration.word + "_made", rules.declaration.word + "_failed"});
  if (rules.has_hooks()) {
    for (const auto& [key, value] : rules.hook_params) names.push_back(value);
    for (const auto& [key, value] : rules.chosen_options) names.push_back(value);
    names.insert(names.end(), rules.action_words.begin(), rules.action_words.end());
    for (const std::string& file : lua_files(rules)) {
      std::string text;
      if (!read_input_file(file, kMaxLuaFileBytes, &text).empty()) continue;  // the host reports it
      for (std::string& s : lua_string_literals(text)) names.push_back(std::move(s));
    }
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace hukum
