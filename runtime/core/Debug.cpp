//===- Debug.cpp - Opt-in diagnostics of the runtime ----------------------===//
///
/// \file
/// Implementation of the FERRY_DEBUG and FERRY_NOTIFY streams.
///
//===----------------------------------------------------------------------===//
#include "core/Debug.h"

#include "core/Env.h"
#include "openacc.h"

#include <cstdio>

namespace ferry {

bool debugEnabled() {
  static const bool On = envFlag("FERRY_DEBUG");
  return On;
}

unsigned notifyMask() {
  static const unsigned Mask = envUnsigned("FERRY_NOTIFY").value_or(0);
  return Mask;
}

static void vprint(const char *Prefix, const char *Fmt, va_list Args) {
  std::fputs(Prefix, stderr);
  std::vfprintf(stderr, Fmt, Args);
  std::fputc('\n', stderr);
}

void debugf(const char *Fmt, ...) {
  if (!debugEnabled())
    return;
  va_list Args;
  va_start(Args, Fmt);
  vprint("ferry: debug: ", Fmt, Args);
  va_end(Args);
}

void notifyf(unsigned Bits, const char *Fmt, ...) {
  if (!(notifyMask() & Bits))
    return;
  va_list Args;
  va_start(Args, Fmt);
  vprint("ferry: ", Fmt, Args);
  va_end(Args);
}

void errorf(const char *Fmt, ...) {
  va_list Args;
  va_start(Args, Fmt);
  vprint("ferry: error: ", Fmt, Args);
  va_end(Args);
}

Error queueError(const char *Arg, int Q) {
  if (Q >= 0 || Q == acc_async_noval || Q == acc_async_sync)
    return Error::success();
  return makeError(FERRY_ERROR_INVALID,
                   "%s %d is not an async queue (a number >= 0, acc_async_noval or "
                   "acc_async_sync)",
                   Arg, Q);
}

bool checkQueue(const char *Routine, const char *Arg, int Q) {
  Error E = queueError(Arg, Q);
  if (E)
    errorf("%s: %s; nothing done", Routine, E.message().c_str());
  return !E;
}

} // namespace ferry
