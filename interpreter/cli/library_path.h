// Where rulesets and Lua libraries are looked up when a path does not name
// them directly: the library search path. In order, after the ruleset's own
// folder: HUKUM_PATH (folders separated by ':'), every --lib-path, then the
// installed library (<prefix>/share/hukum/rulesets beside the running hukum,
// or the source tree's rulesets/ when hukum runs from its build folder).
#pragma once

#include <string>
#include <vector>

namespace hukum::cli {

// The folder of the bundled rulesets this hukum sees; "" when there is none.
std::string installed_library_dir();
// The folder of the bundled games' rules texts (docs/rules: installed beside
// the docs, or the source tree's from the build folder); "" when there is none.
std::string installed_rules_docs_dir();
// HUKUM_PATH, then `lib_paths`, then installed_library_dir(); empty entries dropped.
std::vector<std::string> library_search_path(const std::vector<std::string>& lib_paths);

}  // namespace hukum::cli
