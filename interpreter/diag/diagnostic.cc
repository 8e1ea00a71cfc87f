#include "diag/diagnostic.h"

#include <algorithm>

namespace hukum {

std::string printable_text(const std::string& text, size_t max_bytes) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  const size_t n = std::min(text.size(), max_bytes);
  out.reserve(n + 16);
  auto escape = [&](unsigned char c) {
    out += "\\x";
    out += hex[c >> 4];
    out += hex[c & 15];
  };
  for (size_t i = 0; i < n; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n' || c == '\t') {
      out += char(c);
    } else if (c < 0x20 || c == 0x7f) {
      escape(c);
    } else if (c == 0xc2 && i + 1 < n && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) <= 0x9f) {
      escape(c);  // U+0080..U+009F: C1 controls (CSI ...) in UTF-8
      escape(static_cast<unsigned char>(text[++i]));
    } else {
      out += char(c);
    }
  }
  if (text.size() > n) out += " ... (" + std::to_string(text.size() - n) + " more bytes)";
  return out;
}

std::string terminal_safe_json(const std::string& dumped) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  out.reserve(dumped.size());
  for (size_t i = 0; i < dumped.size(); ++i) {
    const auto c = static_cast<unsigned char>(dumped[i]);
    const auto next = i + 1 < dumped.size() ? static_cast<unsigned char>(dumped[i + 1]) : 0;
    if (c == 0x7f) {
      out += "\\u007f";
    } else if (c == 0xc2 && next >= 0x80 && next <= 0x9f) {
      out += "\\u00";
      out += hex[next >> 4];
      out += hex[next & 15];
      ++i;
    } else {
      out += char(c);
    }
  }
  return out;
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string out = d.pos.file.empty() ? "<input>" : printable_text(d.pos.file);
  if (d.pos.line > 0) {
    out += ":" + std::to_string(d.pos.line);
    if (d.pos.col > 0) out += ":" + std::to_string(d.pos.col);
  }
  out += d.warning ? ": warning: " : ": error: ";
  // Messages quote what files hold: never let that drive the terminal.
  if (!d.key_path.empty()) out += printable_text(d.key_path) + ": ";
  out += printable_text(d.message);
  if (!d.expected.empty()) out += " (expected " + printable_text(d.expected) + ")";
  return out;
}

void Diagnostics::error(SourcePos pos, std::string key_path, std::string message,
                        std::string expected) {
  list_.push_back({std::move(pos), std::move(key_path), std::move(message), std::move(expected)});
}

void Diagnostics::warning(SourcePos pos, std::string key_path, std::string message,
                          std::string expected) {
  warnings_.push_back({std::move(pos), std::move(key_path), std::move(message), std::move(expected), true});
}

std::string Diagnostics::to_string() const {
  std::string out;
  for (const auto& d : list_) out += format_diagnostic(d) + "\n";
  return out;
}

std::string Diagnostics::warnings_text() const {
  std::string out;
  for (const auto& d : warnings_) out += format_diagnostic(d) + "\n";
  return out;
}

void Diagnostics::append(const Diagnostics& other) {
  list_.insert(list_.end(), other.list_.begin(), other.list_.end());
  warnings_.insert(warnings_.end(), other.warnings_.begin(), other.warnings_.end());
}

static size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t subst = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, subst});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_distance = SIZE_MAX;
  for (const auto& c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  // A suggestion further away than a third of the word is noise, not a typo.
  size_t limit = std::max<size_t>(2, word.size() / 3);
  return best_distance <= limit ? best : std::string();
}

}  // namespace hukum
