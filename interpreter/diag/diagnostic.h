// Positioned diagnostics shared by the loader, the validator, scenarios and Lua hooks.
// One shape everywhere: `file:line:col: error: key.path: message (expected ...)`.
// Problems are collected, never thrown, so a user sees every error of a file at once.
// Warnings (`warning:` instead of `error:`) are kept apart: they never stop a
// load, so `empty()` and every "did it fail" check look at errors only.
#pragma once

#include <string>
#include <vector>

namespace hukum {

struct SourcePos {
  std::string file;
  int line = 0;  // 1-based; 0 when unknown
  int col = 0;   // 1-based; 0 when unknown
};

struct Diagnostic {
  SourcePos pos;
  std::string key_path;  // e.g. "deal[0].packets"; empty when not about a key
  std::string message;
  std::string expected;  // what would have been accepted; empty when nothing useful to say
  bool warning = false;  // data that does nothing rather than data that is wrong
};

// Renders one diagnostic in the compiler-style shape above.
std::string format_diagnostic(const Diagnostic& d);

// Text from a file, a hook or a person, made safe to print on a terminal:
// control characters (ESC of an escape sequence, NUL, DEL, the C1 range) are
// shown as \xNN, newlines and tabs kept; longer than `max_bytes`, the rest is
// replaced by " ... (N more bytes)".
std::string printable_text(const std::string& text, size_t max_bytes = 4096);

// JSON text (as nlohmann's dump() writes it) made safe to print: dump()
// escapes C0 controls but leaves DEL and the C1 range (U+0080..U+009F, where
// U+009B acts as ESC [) raw; they become \u007f and \u0080..\u009f, which
// decode to the same strings.
std::string terminal_safe_json(const std::string& dumped);

class Diagnostics {
 public:
  void error(SourcePos pos, std::string key_path, std::string message, std::string expected = {});
  void warning(SourcePos pos, std::string key_path, std::string message, std::string expected = {});
  // Errors only: a ruleset with warnings and no errors loads.
  bool empty() const { return list_.empty(); }
  size_t size() const { return list_.size(); }
  const std::vector<Diagnostic>& list() const { return list_; }
  // All errors, one per line, each ending in a newline.
  std::string to_string() const;
  const std::vector<Diagnostic>& warnings() const { return warnings_; }
  // All warnings, formatted like the errors.
  std::string warnings_text() const;
  void append(const Diagnostics& other);

 private:
  std::vector<Diagnostic> list_;
  std::vector<Diagnostic> warnings_;
};

// The candidate closest to `word` by edit distance, or "" when none is close enough
// to be a plausible typo. Used for "unknown key 'x' (did you mean 'y'?)".
std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates);

// Thrown only for errors that abort one operation as a whole (a scenario, a replay);
// the text is already formatted for the user.
struct UserError : std::exception {
  explicit UserError(std::string m) : message(std::move(m)) {}
  const char* what() const noexcept override { return message.c_str(); }
  std::string message;
};

}  // namespace hukum
