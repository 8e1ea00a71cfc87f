// Reading files hukum did not write: every ruleset, overlay, scenario, Lua
// script, log and simulation result is untrusted. One place decides what may be read (regular
// files only, never a device, FIFO or directory), how much (a size cap checked
// before reading and again while reading), and which paths written inside a
// file may be followed (relative to that file, never absolute, with the right
// extension). The limits are documented in docs/limits.md.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>

namespace hukum {

// Size caps, in bytes. Far above anything bundled (the largest ruleset is
// ~8 KB, the largest scenario file ~4 KB), far below what hurts a machine.
constexpr size_t kMaxYamlFileBytes = size_t(4) << 20;   // rulesets, overlays, scenarios
constexpr size_t kMaxLuaFileBytes = size_t(1) << 20;    // hooks.scripts and library modules
constexpr size_t kMaxLogFileBytes = size_t(256) << 20;  // game logs given to replay
// Simulation results given to merge and report: a few KB each (the tally has
// totals and histograms, nothing per deal).
constexpr size_t kMaxResultFileBytes = size_t(16) << 20;
// What one YAML document may expand to once anchors and aliases are copied:
// the bundled files have a few hundred values and a few KB of text.
constexpr size_t kMaxYamlNodes = 200'000;
constexpr size_t kMaxYamlScalarBytes = size_t(16) << 20;

// Reads the whole file at `path` into `*text`. Returns "" or the problem in
// words ("is a directory, not a file", "is 5242880 bytes, more than the limit
// of 4 MiB (4194304 bytes)", "cannot open the file"). Never blocks on a FIFO,
// never reads past `max_bytes` + 1.
std::string read_input_file(const std::string& path, size_t max_bytes, std::string* text);

// "4 MiB (4194304 bytes)": a size limit as messages show it.
std::string size_limit_text(size_t bytes);

// A path written inside `naming_file` (hooks.scripts, a scenario's ruleset):
// resolved relative to the naming file's folder (an absolute path as it is).
// Refused when its extension is not one of `extensions`, or, with
// `stay_in_folder`, when it is absolute or leads out of the naming file's
// folder ('..', or a link).
// Returns "" with `*resolved` set, or the problem in words.
std::string resolve_written_path(const std::string& naming_file, const std::string& written,
                                 std::initializer_list<const char*> extensions, bool stay_in_folder,
                                 std::string* resolved);

}  // namespace hukum
