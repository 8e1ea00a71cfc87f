// Runs the chart script on a report document (see html_report.h).
#include "cli/html_report.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/library_path.h"
#include "core/output_file.h"

extern char** environ;

namespace hukum::cli {

namespace {

// An installed hukum has the script beside its rulesets (<prefix>/share/hukum);
// run from the build folder, it uses the source tree's.
std::string report_script() {
  const std::string library = installed_library_dir();
  if (!library.empty()) {
    std::error_code ec;
    const auto beside = std::filesystem::path(library).parent_path() / "report_html.py";
    if (std::filesystem::is_regular_file(beside, ec)) return beside.string();
  }
  return std::string(HUKUM_SOURCE_DIR) + "/scripts/report_html.py";
}

}  // namespace

bool write_html_report(const nlohmann::ordered_json& document, const std::string& out_path) {
  const char* py_env = std::getenv("HUKUM_PYTHON");
  const char* script_env = std::getenv("HUKUM_REPORT_SCRIPT");
  const std::string python = py_env ? py_env : "/usr/bin/python3";
  const std::string script = script_env ? script_env : report_script();
  char tmpl[] = "/tmp/hukum-report-XXXXXX";
  const int fd = mkstemp(tmpl);
  if (fd < 0) {
    std::cerr << "hukum: cannot create a temporary file for the report\n";
    return false;
  }
  close(fd);
  const std::string input = tmpl;
  {
    std::ofstream f(input);
    f << document.dump() << "\n";
    if (!f) {
      std::cerr << "hukum: cannot write the temporary file '" << input << "'\n";
      std::remove(input.c_str());
      return false;
    }
  }
  // The script writes a temporary file beside the page, renamed over it once
  // the script succeeded: a failed or interrupted report leaves no cut page.
  OutputFile page;
  if (std::string problem = page.open(out_path); !problem.empty()) {
    std::remove(input.c_str());
    std::cerr << "hukum: " << problem << "\n";
    return false;
  }
  // No shell: the paths are passed as they are.
  std::vector<std::string> args = {python, script, input, page.writing_path()};
  std::vector<char*> argv;
  for (auto& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  int status = 0;
  const int spawned = posix_spawn(&pid, python.c_str(), nullptr, nullptr, argv.data(), environ);
  if (spawned == 0) waitpid(pid, &status, 0);
  std::remove(input.c_str());
  if (spawned != 0) {
    std::cerr << "hukum: cannot run " << python << " for the HTML report (scripts/setup.sh installs python3-matplotlib)\n";
    return false;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::cerr << "hukum: the HTML report could not be written (" << script << " failed); '" << out_path
              << "' is left as it was\n";
    return false;
  }
  if (std::string problem = page.commit(); !problem.empty()) {
    std::cerr << "hukum: " << problem << "; the HTML report was not written\n";
    return false;
  }
  return true;
}

}  // namespace hukum::cli
