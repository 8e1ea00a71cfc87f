// Writing a file whole or not at all (see output_file.h).
#include "core/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "core/interrupt.h"

namespace hukum {

namespace fs = std::filesystem;

// An ostream buffer over a file descriptor that remembers the first write error.
class OutputFile::Buffer final : public std::streambuf {
 public:
  explicit Buffer(int fd) : fd_(fd), data_(size_t(64) << 10) { setp(data_.data(), data_.data() + data_.size()); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* at = pbase();
    size_t left = size_t(pptr() - pbase());
    while (left > 0 && error_ == 0) {
      const ssize_t n = ::write(fd_, at, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) error_ = n < 0 ? errno : ENOSPC;
      else at += n, left -= size_t(n);
    }
    setp(data_.data(), data_.data() + data_.size());
    return error_ == 0;
  }
  int fd_;
  std::vector<char> data_;
  int error_ = 0;
};

OutputFile::OutputFile() : stream_(nullptr) {}

OutputFile::~OutputFile() { discard(); }

std::string OutputFile::open(const std::string& target) {
  discard();
  target_ = target;
  std::error_code ec;
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && !S_ISREG(existing.st_mode)) {
    if (S_ISDIR(existing.st_mode)) return "'" + target + "' is a directory";
    // A device or a pipe: nothing to rename over, written as it is.
    fd_ = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) return "cannot write '" + target + "' (" + std::strerror(errno) + ")";
  } else {
    // Beside the file a link points to, so that the rename keeps the link.
    fs::path real = exists ? fs::canonical(target, ec) : fs::path(target);
    if (ec) real = target;
    fs::path folder = real.parent_path();
    std::string pattern = (folder.empty() ? fs::path(".") : folder).string() + "/." + real.filename().string() +
                          ".hukum-XXXXXX";
    fd_ = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (fd_ < 0)
      return "cannot create a file in '" + (folder.empty() ? std::string(".") : folder.string()) + "' (" +
             std::strerror(errno) + ")";
    temp_ = pattern;
    target_ = real.string();
    // The mode a new file gets (0666 less the umask), or the one it replaces.
    mode_t mode = existing.st_mode & 07777;
    if (!exists) {
      const mode_t mask = ::umask(0);
      ::umask(mask);
      mode = 0666 & ~mask;
    }
    ::fchmod(fd_, mode);
    interrupt_slot_ = remove_on_interrupt(temp_.c_str(), target.c_str());
  }
  buffer_ = std::make_unique<Buffer>(fd_);
  stream_.rdbuf(buffer_.get());
  stream_.clear();
  return {};
}

std::string OutputFile::commit() {
  if (fd_ < 0) return "'" + target_ + "' was not opened";
  stream_.flush();
  int error = buffer_->error();
  // A regular file is synced before the rename, so that the name never points to unwritten blocks.
  if (error == 0 && !temp_.empty() && ::fsync(fd_) != 0) error = errno;
  if (::close(fd_) != 0 && error == 0) error = errno;
  fd_ = -1;
  if (error == 0 && !temp_.empty() && ::rename(temp_.c_str(), target_.c_str()) != 0) error = errno;
  if (error != 0) {
    if (!temp_.empty()) ::unlink(temp_.c_str());
    forget_on_interrupt(interrupt_slot_);
    interrupt_slot_ = -1;
    temp_.clear();
    stream_.rdbuf(nullptr);
    return "cannot write '" + target_ + "' (" + std::strerror(error) + ")";
  }
  forget_on_interrupt(interrupt_slot_);
  interrupt_slot_ = -1;
  temp_.clear();
  stream_.rdbuf(nullptr);
  return {};
}

void OutputFile::discard() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  if (!temp_.empty()) ::unlink(temp_.c_str());
  temp_.clear();
  forget_on_interrupt(interrupt_slot_);
  interrupt_slot_ = -1;
  stream_.rdbuf(nullptr);
}

}  // namespace hukum
