// Small blocks for one Lua state. A hook builds many small tables and strings
// (a hand, a trick, game.vars) and the collector frees them soon after: most
// of Lua's memory traffic is blocks of a few dozen bytes. glibc's malloc and
// free cost about a hundred instructions each; a free list per size class
// costs a handful. Not thread-safe: one pool per Lua state, used by the thread
// running it. Blocks go back to the system when the pool is destroyed (after
// lua_close).
#pragma once

#include <cstddef>
#include <vector>

namespace hukum {

class BlockPool {
 public:
  // Requests up to this many bytes are served from the pool; larger ones are
  // the caller's to malloc.
  static constexpr size_t kMaxBlock = 256;

  BlockPool() = default;
  ~BlockPool();
  BlockPool(const BlockPool&) = delete;
  BlockPool& operator=(const BlockPool&) = delete;

  static bool serves(size_t bytes) { return bytes <= kMaxBlock; }
  // A block of at least `bytes` (1..kMaxBlock), or nullptr when the system has
  // no memory for a new chunk. (Inline: called for most of Lua's allocations.)
  void* take(size_t bytes) {
    const size_t cls = class_of(bytes);
    FreeBlock* block = free_[cls];
    if (block == nullptr) return carve(cls);
    free_[cls] = block->next;
    return block;
  }
  // Returns a block taken for `bytes` (the same size class).
  void give(void* block, size_t bytes) {
    const size_t cls = class_of(bytes);
    auto* freed = static_cast<FreeBlock*>(block);
    freed->next = free_[cls];
    free_[cls] = freed;
  }
  // Whether `a` and `b` bytes share a size class (a resize within it keeps the block).
  static bool same_class(size_t a, size_t b) { return class_of(a) == class_of(b); }

 private:
  static constexpr size_t kGrain = 16;  // class k holds blocks of (k + 1) * kGrain bytes
  static constexpr size_t kClasses = kMaxBlock / kGrain;
  static constexpr size_t kChunkBytes = size_t(64) << 10;

  struct FreeBlock {
    FreeBlock* next;
  };

  static size_t class_of(size_t bytes) { return (bytes - 1) / kGrain; }
  void* carve(size_t cls);

  FreeBlock* free_[kClasses] = {};
  char* chunk_next_ = nullptr;  // unused space of the newest chunk
  char* chunk_end_ = nullptr;
  std::vector<void*> chunks_;
};

}  // namespace hukum
