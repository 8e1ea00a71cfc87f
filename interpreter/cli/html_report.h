// The HTML report: a self-contained page with charts, written by
// scripts/report_html.py (matplotlib, from Debian's python3-matplotlib) from a
// simulation or comparison document. Used by `simulate --html` and `hukum report`.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace hukum::cli {

// Writes the page; prints the reason to stderr and returns false on failure.
// HUKUM_PYTHON (default /usr/bin/python3) and HUKUM_REPORT_SCRIPT override the
// interpreter and the script.
bool write_html_report(const nlohmann::ordered_json& document, const std::string& out_path);

}  // namespace hukum::cli
