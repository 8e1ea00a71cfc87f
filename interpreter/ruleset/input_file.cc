// Untrusted files: what may be read and how much (see input_file.h).
#include "ruleset/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace hukum {

namespace fs = std::filesystem;

std::string size_limit_text(size_t bytes) {
  std::string exact = std::to_string(bytes) + " bytes";
  if (bytes % (size_t(1) << 20) == 0) return std::to_string(bytes >> 20) + " MiB (" + exact + ")";
  return exact;
}

namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a pipe (FIFO)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

std::string too_big(uint64_t size, size_t max_bytes) {
  return "is " + std::to_string(size) + " bytes, more than the limit of " + size_limit_text(max_bytes);
}

}  // namespace

std::string read_input_file(const std::string& path, size_t max_bytes, std::string* text) {
  text->clear();
  struct stat before {};
  if (::stat(path.c_str(), &before) != 0) return "cannot open the file";
  if (!S_ISREG(before.st_mode)) return std::string("is ") + kind_of(before.st_mode) + ", not a file";
  if (uint64_t(before.st_size) > max_bytes) return too_big(uint64_t(before.st_size), max_bytes);
  // O_NONBLOCK: should the path have become a FIFO since stat, open must not wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return "cannot open the file";
  struct stat opened {};
  if (::fstat(fd, &opened) != 0 || !S_ISREG(opened.st_mode)) {
    ::close(fd);
    return "is not a regular file";
  }
  // The file may grow while it is read: never take more than the limit + 1 byte.
  text->resize(std::min<size_t>(size_t(opened.st_size), max_bytes) + 1);
  size_t got = 0;
  std::string problem;
  for (;;) {
    if (got == text->size()) {
      if (got > max_bytes) {
        problem = too_big(got, max_bytes) + " (it grew while being read)";
        break;
      }
      text->resize(std::min(text->size() * 2, max_bytes + 1));
    }
    ssize_t n = ::read(fd, text->data() + got, text->size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      problem = "cannot read the file (" + std::string(std::strerror(errno)) + ")";
      break;
    }
    if (n == 0) break;
    got += size_t(n);
  }
  ::close(fd);
  if (!problem.empty()) {
    text->clear();
    return problem;
  }
  text->resize(got);
  return {};
}

std::string resolve_written_path(const std::string& naming_file, const std::string& written,
                                 std::initializer_list<const char*> extensions, bool stay_in_folder,
                                 std::string* resolved) {
  fs::path p(written);
  if (stay_in_folder && p.is_absolute())
    return "an absolute path is not allowed here; write the path relative to this file";
  if (written.find('\0') != std::string::npos) return "the path holds a NUL character";
  bool known = false;
  std::string ext = p.extension().string();
  for (const char* e : extensions) known = known || ext == e;
  if (!known) {
    std::string list;
    for (const char* e : extensions) list += (list.empty() ? "" : " or ") + std::string(e);
    return "a file ending in " + list + " is expected";
  }
  fs::path folder = fs::path(naming_file).parent_path();
  fs::path full = (folder / p).lexically_normal();
  if (stay_in_folder) {
    fs::path inside = p.lexically_normal();
    if (!inside.empty() && *inside.begin() == "..")
      return "the file must be in this file's folder or below it, not reached through '..'";
    // A link inside the folder must not lead out of it either.
    std::error_code ec;
    fs::path real = fs::weakly_canonical(full, ec), real_folder = fs::weakly_canonical(fs::absolute(folder), ec);
    if (!ec) {
      fs::path rel = real.lexically_relative(real_folder);
      if (rel.empty() || *rel.begin() == "..") return "the file is a link that leads out of this file's folder";
    }
  }
  *resolved = full.string();
  return {};
}

}  // namespace hukum
