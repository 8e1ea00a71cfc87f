// Reads a JSON result file with a clear message on failure (see read_document.h).
#include "cli/read_document.h"

#include <iostream>

#include "diag/diagnostic.h"
#include "ruleset/input_file.h"

namespace hukum::cli {

namespace {

template <class Json>
std::optional<Json> read_file_as(const std::string& path) {
  // Untrusted like any input: a regular file of bounded size, read before parsing.
  std::string text;
  if (std::string why = read_input_file(path, kMaxResultFileBytes, &text); !why.empty()) {
    std::cerr << printable_text(path) << ": error: " << (why.rfind("cannot", 0) == 0 ? why : "the file " + why) << "\n";
    return std::nullopt;
  }
  try {
    return Json::parse(text);
  } catch (const nlohmann::json::exception& e) {  // a syntax error, or a number past a double (1e999)
    std::cerr << printable_text(path) << ": error: not JSON (" << printable_text(e.what()) << ")\n";
    return std::nullopt;
  }
}

}  // namespace

std::optional<nlohmann::json> read_json_file(const std::string& path) { return read_file_as<nlohmann::json>(path); }

}  // namespace hukum::cli
