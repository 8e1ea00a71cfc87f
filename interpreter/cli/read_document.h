// Reading result files (`simulate --json` output) for `hukum merge` and
// `hukum report`: JSON that may be anything, so every failure is a message
// naming the file.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace hukum::cli {

// Reads the file as untrusted input (regular file, at most kMaxResultFileBytes)
// and parses it; prints "FILE: error: ..." and returns nullopt when it cannot.
std::optional<nlohmann::json> read_json_file(const std::string& path);

}  // namespace hukum::cli
