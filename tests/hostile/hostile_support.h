// Shared by the [hostile] tests: a temporary folder that files are written
// into and that is removed afterwards, the thread's CPU clock and the
// process's resident memory.
#pragma once

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>

namespace hukum::test {

class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    dir_ = std::filesystem::temp_directory_path() /
           ("hukum_hostile_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(dir_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string write(const std::string& name, const std::string& text) const {
    std::filesystem::path p = dir_ / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

 private:
  std::filesystem::path dir_;
};

// CPU time of the calling thread (user + system): the clock the Lua deadline runs on.
inline std::chrono::nanoseconds thread_cpu_time() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
}

// Resident set size of this process now, in bytes (Linux /proc/self/statm).
inline size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  size_t total = 0, resident = 0;
  statm >> total >> resident;
  return resident * size_t(::sysconf(_SC_PAGESIZE));
}

}  // namespace hukum::test
