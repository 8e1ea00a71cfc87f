// See block_pool.h.
#include "script/block_pool.h"

#include <cstdlib>

namespace hukum {

BlockPool::~BlockPool() {
  for (void* chunk : chunks_) std::free(chunk);
}

void* BlockPool::take(size_t bytes) {
  const size_t cls = class_of(bytes);
  if (FreeBlock* block = free_[cls]) {
    free_[cls] = block->next;
    return block;
  }
  return carve(cls);
}

void BlockPool::give(void* block, size_t bytes) {
  const size_t cls = class_of(bytes);
  auto* freed = static_cast<FreeBlock*>(block);
  freed->next = free_[cls];
  free_[cls] = freed;
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
