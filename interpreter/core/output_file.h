// Every file hukum writes (a ruleset rewritten by upgrade, a game log, per-deal
// rows, an HTML page, the bash completion) is first written to a temporary
// file in the target's folder (".NAME.hukum-XXXXXX"), then flushed, synced and
// checked, and only then renamed over the target. A full disk, an error or an
// interruption (core/interrupt.h) leaves the earlier file, or none: never a
// cut one that looks finished.
//
// A target that exists and is not a regular file (/dev/null, /dev/stdout, a
// pipe) cannot be replaced by a rename: it is written directly, and write
// errors are still reported (`--log /dev/full` fails).
#pragma once

#include <memory>
#include <ostream>
#include <streambuf>
#include <string>

namespace hukum {

class OutputFile {
 public:
  OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();  // an uncommitted file is discarded

  // Creates the temporary file. "" or the problem in words ("cannot create a
  // file in '/dev' (Permission denied)").
  std::string open(const std::string& target);
  bool is_open() const { return fd_ >= 0; }
  std::ostream& stream() { return stream_; }
  // Where the content goes: the temporary file (or the target written directly).
  // For a program that writes the file itself (the HTML report script).
  const std::string& writing_path() const { return temp_.empty() ? target_ : temp_; }
  const std::string& target() const { return target_; }

  // Flushes, syncs and closes, then renames over the target. "" or the
  // problem (the temporary file is then removed and the target left as it was).
  std::string commit();
  // Removes the temporary file: the target is left as it was.
  void discard();

 private:
  class Buffer;
  std::string target_, temp_;  // temp_ empty: the target is written directly
  int fd_ = -1;
  int interrupt_slot_ = -1;
  std::unique_ptr<Buffer> buffer_;
  std::ostream stream_;
};

}  // namespace hukum
