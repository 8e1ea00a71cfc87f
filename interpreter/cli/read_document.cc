// Reads a JSON result file with a clear message on failure (see read_document.h).
#include "cli/read_document.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace hukum::cli {

namespace {

template <class Json>
std::optional<Json> read_file_as(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << path << ": error: cannot read the file\n";
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    return Json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    std::cerr << path << ": error: not JSON (" << e.what() << ")\n";
    return std::nullopt;
  }
}

}  // namespace

std::optional<nlohmann::json> read_json_file(const std::string& path) { return read_file_as<nlohmann::json>(path); }

std::optional<nlohmann::ordered_json> read_ordered_json_file(const std::string& path) {
  return read_file_as<nlohmann::ordered_json>(path);
}

}  // namespace hukum::cli
