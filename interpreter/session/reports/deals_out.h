// `simulate --deals-out FILE`: one row per deal, as CSV (a header line, then
// one line per deal) or JSON lines (one object per deal), for pandas, R or a
// spreadsheet. The columns are documented in docs/simulation-report.md.
#pragma once

#include <string>

#include "session/reports/deal_record.h"
#include "session/reports/tally.h"

namespace hukum {

enum class RowFormat { Csv, JsonLines };

// From the file name: ".csv" is CSV, anything else JSON lines.
RowFormat row_format_for(const std::string& path);

// The CSV header line (with its newline); JSON lines have none.
std::string csv_header(const TallyShape& shape);
void append_row(std::string& out, RowFormat format, const TallyShape& shape, const DealRecord& d);

}  // namespace hukum
