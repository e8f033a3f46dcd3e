//===- AllocationTable.h - Device memory from acc_malloc --------*- C++ -*-===//
///
/// \file
/// The blocks that acc_malloc handed out on one device, so that acc_free
/// frees only those: a host pointer, a pointer into a block, or a block freed
/// already is refused with a message instead of reaching the backend (where
/// the host's free() would abort and a GPU driver would fail or corrupt its
/// heap).
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_ALLOCATIONTABLE_H
#define FERRY_RUNTIME_CORE_ALLOCATIONTABLE_H

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace ferry {

class AllocationTable {
public:
  /// Records block [Block, Block + Bytes) from acc_malloc.
  void add(const void *Block, size_t Bytes);
  /// Takes \p Ptr out of the table before acc_free releases it. Returns ""
  /// when \p Ptr is a block of the table, else why it may not be freed, to
  /// follow the pointer in a message: "was not allocated by acc_malloc",
  /// "was freed already (...)", "points N bytes into the block at ...".
  std::string remove(const void *Ptr);
  /// "" when [Ptr, Ptr + Bytes) lies within one block or starts in none;
  /// else how it runs past the end of the block \p Ptr points into, to follow
  /// "N bytes at P" in a message.
  std::string overrun(const void *Ptr, size_t Bytes) const;
  /// Whether \p Ptr points into a block of the table.
  bool holds(const void *Ptr) const;
  /// The size of the block that starts at \p Ptr; 0 when none does.
  size_t blockBytes(const void *Ptr) const;
  /// "" unless \p Ptr points into one of the remembered freed blocks and
  /// into no live one; then that block, to follow "a block ... freed" in a
  /// message: "at 0x... (N bytes)".
  std::string freedBlock(const void *Ptr) const;
  /// The number of blocks allocated and not freed.
  size_t size() const;

  /// How many freed blocks are remembered to recognise a second acc_free.
  static constexpr size_t FreedKept = 4096;

private:
  mutable std::mutex Mutex;
  std::map<uintptr_t, size_t> Blocks; ///< start -> bytes
  std::map<uintptr_t, size_t> Freed;  ///< start -> bytes, of the last FreedKept
  std::deque<uintptr_t> FreedOrder;   ///< oldest first
};

} // namespace ferry

#endif
