#include "serve/rate_limit.h"

#include <algorithm>

namespace hukum::serve {

bool RateLimit::allow(const std::string& key) {
  const auto now = std::chrono::steady_clock::now();
  std::lock_guard<std::mutex> lock(mutex_);
  // Forget the buckets that have refilled, so many addresses cost no memory for long.
  if (buckets_.size() > 4096)
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      const double idle = std::chrono::duration<double>(now - it->second.at).count();
      it = it->second.tokens + idle * rate_ >= burst_ ? buckets_.erase(it) : std::next(it);
    }
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst_, now});
  Bucket& b = it->second;
  if (!fresh) {
    b.tokens = std::min(burst_, b.tokens + std::chrono::duration<double>(now - b.at).count() * rate_);
    b.at = now;
  }
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

}  // namespace hukum::serve
