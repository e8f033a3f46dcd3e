//===- AbsentNoCreate.cpp - no_create ranges that are not present ---------===//
///
/// \file
/// A stack of notes per thread: constructs nest, and a construct's data
/// clauses and its regions run on the thread that encounters it.
///
//===----------------------------------------------------------------------===//
#include "core/AbsentNoCreate.h"

#include <cstdint>
#include <vector>

namespace ferry {
namespace {

struct AbsentRange {
  uintptr_t Begin, End, Base;
};

std::vector<AbsentRange> &notes() {
  thread_local std::vector<AbsentRange> Notes;
  return Notes;
}

} // namespace

void noteAbsentNoCreate(const void *Host, size_t Bytes, const void *Base) {
  const uintptr_t Begin = reinterpret_cast<uintptr_t>(Host);
  notes().push_back({Begin, Begin + Bytes, reinterpret_cast<uintptr_t>(Base)});
}

void forgetAbsentNoCreate(const void *Host) {
  std::vector<AbsentRange> &Notes = notes();
  const uintptr_t Begin = reinterpret_cast<uintptr_t>(Host);
  for (size_t I = Notes.size(); I-- > 0;)
    if (Notes[I].Begin == Begin) {
      Notes.erase(Notes.begin() + I);
      return;
    }
}

bool isAbsentNoCreate(const void *Ptr) {
  const uintptr_t P = reinterpret_cast<uintptr_t>(Ptr);
  for (const AbsentRange &R : notes())
    if ((P >= R.Begin && P <= R.End) || (R.Base && P == R.Base))
      return true;
  return false;
}

} // namespace ferry
