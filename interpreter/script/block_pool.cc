// See block_pool.h.
#include "script/block_pool.h"

#include <cstdlib>

namespace hukum {

BlockPool::~BlockPool() {
  for (void* chunk : chunks_) std::free(chunk);
}

// A new block from the newest chunk, or from a new chunk when it is used up
// (its tail, too small for this class, stays unused).
void* BlockPool::carve(size_t cls) {
  const size_t size = (cls + 1) * kGrain;
  if (size_t(chunk_end_ - chunk_next_) < size) {
    try {
      chunks_.reserve(chunks_.size() + 1);
    } catch (...) {  // called from Lua's allocator: no exception may cross it
      return nullptr;
    }
    void* chunk = std::malloc(kChunkBytes);
    if (chunk == nullptr) return nullptr;
    chunks_.push_back(chunk);
    chunk_next_ = static_cast<char*>(chunk);
    chunk_end_ = chunk_next_ + kChunkBytes;
  }
  void* block = chunk_next_;
  chunk_next_ += size;
  return block;
}

}  // namespace hukum
