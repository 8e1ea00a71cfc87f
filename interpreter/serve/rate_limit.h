// Requests per second per client address: a token bucket each, refilled at
// `rate` up to `burst`. A flood from one address is answered 429 while other
// addresses are served; the map forgets full buckets so it stays small.
#pragma once

#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace hukum::serve {

class RateLimit {
 public:
  RateLimit(double rate, double burst) : rate_(rate), burst_(burst) {}
  // True when `key` may make one more request now (and counts it).
  bool allow(const std::string& key);

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point at;
  };
  double rate_, burst_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace hukum::serve
