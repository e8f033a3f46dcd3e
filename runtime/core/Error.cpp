//===- Error.cpp - Failures as values -------------------------------------===//
///
/// \file
/// Formatting and printing of Error values.
///
//===----------------------------------------------------------------------===//
#include "core/Error.h"

#include "core/Debug.h"

#include <cstdarg>
#include <cstdio>

namespace ferry {

Error makeError(ferry_status Status, const char *Fmt, ...) {
  va_list Args, Again;
  va_start(Args, Fmt);
  va_copy(Again, Args);
  const int Length = std::vsnprintf(nullptr, 0, Fmt, Args);
  std::string Message(Length > 0 ? size_t(Length) : 0, '\0');
  std::vsnprintf(Message.data(), Message.size() + 1, Fmt, Again);
  va_end(Again);
  va_end(Args);
  return Error(Status, std::move(Message));
}

namespace {
thread_local std::string LastReported;
}

ferry_status report(const Error &E) {
  if (E && !E.message().empty()) {
    errorf("%s", E.message().c_str());
    LastReported = E.message();
  }
  for (const std::string &Later : E.later()) {
    errorf("%s", Later.c_str());
    LastReported = Later;
  }
  return E.status();
}

const std::string &lastReported() { return LastReported; }

} // namespace ferry
