// Shared by the libFuzzer targets: a scratch folder per process (in RAM when
// /dev/shm exists) laid out like the repository, so that inputs can name the
// bundled rulesets by the relative paths the seed files use; the bundled
// rulesets loaded once; and a failure that libFuzzer reports as a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ruleset/ruleset.h"

namespace hukum::fuzz {

// <scratch>/ with `rulesets` and `tests` linked to the repository's folders.
const std::string& scratch_dir();
// Writes bytes to <scratch>/<relative> (folders created); returns the path.
std::string write_file(const std::string& relative, const uint8_t* data, size_t size);
std::string write_file(const std::string& relative, const std::string& text);

// Every bundled ruleset with every combination of its options (loaded once).
const std::vector<Ruleset>& bundled_rulesets();

// A broken engine promise: prints it and aborts (libFuzzer saves the input).
[[noreturn]] void fail(const std::string& what);

}  // namespace hukum::fuzz
