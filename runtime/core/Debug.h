//===- Debug.h - Opt-in diagnostics of the runtime --------------*- C++ -*-===//
///
/// \file
/// The runtime is silent unless asked. FERRY_DEBUG=1 turns on a debug stream
/// (backend discovery and selection); FERRY_NOTIFY is the OpenACC-style
/// bitmask for launches, transfers, allocations and waits.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_DEBUG_H
#define FERRY_RUNTIME_CORE_DEBUG_H

#include "core/Error.h"

#include <cstdarg>

namespace ferry {

/// Bits of FERRY_NOTIFY.
enum NotifyBits : unsigned {
  NotifyLaunch = 1u << 0,
  NotifyTransfer = 1u << 1,
  NotifyAlloc = 1u << 2,
  NotifyWait = 1u << 3,
};

/// True when FERRY_DEBUG is set to a non-zero value.
bool debugEnabled();
/// The FERRY_NOTIFY bitmask (0 when unset or malformed).
unsigned notifyMask();

/// Prints "ferry: debug: ..." to stderr when FERRY_DEBUG is on.
void debugf(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));
/// Prints "ferry: ..." to stderr when any bit of \p Bits is in FERRY_NOTIFY.
void notifyf(unsigned Bits, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// Prints "ferry: error: ..." to stderr unconditionally (errors only).
void errorf(const char *Fmt, ...) __attribute__((format(printf, 1, 2)));

/// An OpenACC async-argument \p Arg is a queue number >= 0, acc_async_noval
/// or acc_async_sync; anything else is an error naming \p Arg.
Error queueError(const char *Arg, int Q);
/// queueError for the OpenACC API: true for a queue, else false after a
/// message naming \p Routine and \p Arg.
bool checkQueue(const char *Routine, const char *Arg, int Q);

} // namespace ferry

#endif
