//===- AllocationTable.cpp - Device memory from acc_malloc ----------------===//
///
/// \file
/// Implementation of AllocationTable.
///
//===----------------------------------------------------------------------===//
#include "core/AllocationTable.h"

#include <cstdio>
#include <iterator>

namespace ferry {

namespace {
std::string pointer(uintptr_t P) {
  char Buffer[32];
  std::snprintf(Buffer, sizeof Buffer, "%#zx", size_t(P));
  return Buffer;
}
} // namespace

void AllocationTable::add(const void *Block, size_t Bytes) {
  const uintptr_t B = reinterpret_cast<uintptr_t>(Block);
  std::lock_guard<std::mutex> Lock(Mutex);
  Blocks[B] = Bytes;
  // The address is in use again: freeing it once more is fine.
  Freed.erase(B);
}

std::string AllocationTable::remove(const void *Ptr) {
  const uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Blocks.upper_bound(P);
  if (It != Blocks.begin()) {
    auto &[Begin, Bytes] = *std::prev(It);
    if (Begin == P) {
      if (FreedOrder.size() == FreedKept) {
        Freed.erase(FreedOrder.front());
        FreedOrder.pop_front();
      }
      Freed[P] = Bytes;
      FreedOrder.push_back(P);
      Blocks.erase(std::prev(It));
      return "";
    }
    if (P - Begin < Bytes)
      return "points " + std::to_string(P - Begin) + " bytes into the block at " +
             pointer(Begin) + " (" + std::to_string(Bytes) +
             " bytes) from acc_malloc, not at its start";
  }
  if (auto F = Freed.find(P); F != Freed.end())
    return "was freed already (a block of " + std::to_string(F->second) +
           " bytes from acc_malloc)";
  return "was not allocated by acc_malloc";
}

std::string AllocationTable::overrun(const void *Ptr, size_t Bytes) const {
  const uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Blocks.upper_bound(P);
  if (It == Blocks.begin())
    return "";
  const auto &[Begin, Size] = *std::prev(It);
  const uintptr_t Left = Begin + Size > P ? Begin + Size - P : 0;
  if (!Left || Bytes <= Left)
    return "";
  return "run " + std::to_string(Bytes - Left) + " bytes past the end of the " +
         std::to_string(Size) + "-byte block at " + pointer(Begin) + " from acc_malloc";
}

bool AllocationTable::holds(const void *Ptr) const {
  const uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Blocks.upper_bound(P);
  return It != Blocks.begin() && std::prev(It)->first + std::prev(It)->second > P;
}

size_t AllocationTable::blockBytes(const void *Ptr) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Blocks.find(reinterpret_cast<uintptr_t>(Ptr));
  return It == Blocks.end() ? 0 : It->second;
}

std::string AllocationTable::freedBlock(const void *Ptr) const {
  if (holds(Ptr))
    return "";
  const uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Freed.upper_bound(P);
  if (It == Freed.begin() || std::prev(It)->first + std::prev(It)->second <= P)
    return "";
  --It;
  return "at " + pointer(It->first) + " (" + std::to_string(It->second) + " bytes)";
}

size_t AllocationTable::size() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Blocks.size();
}

} // namespace ferry
