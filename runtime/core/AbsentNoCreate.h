//===- AbsentNoCreate.h - no_create ranges that are not present -*- C++ -*-===//
///
/// \file
/// The `no_create` clauses of the data and compute constructs a thread is
/// in whose data was not present. OpenACC 3.3 §2.7.10: such data gets no
/// device copy, and a region that names it uses the host address (it may
/// test a flag and never touch it). The runtime notes each range when the
/// construct enters its clauses and forgets it when the construct exits; a
/// region's launch leaves a closure pointer into a noted range, or equal to
/// its section's base, untranslated instead of refusing it as not present.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_ABSENTNOCREATE_H
#define FERRY_RUNTIME_CORE_ABSENTNOCREATE_H

#include <cstddef>

namespace ferry {

/// Notes that [Host, Host + Bytes) of a `no_create` clause is absent;
/// \p Base is its section's base pointer (nullptr for a variable).
void noteAbsentNoCreate(const void *Host, size_t Bytes, const void *Base);

/// Forgets the latest note of \p Host (the construct's exit).
void forgetAbsentNoCreate(const void *Host);

/// Whether \p Ptr points into a noted range (its end included) or equals
/// a noted base, on this thread.
bool isAbsentNoCreate(const void *Ptr);

} // namespace ferry

#endif
