//===- Error.h - Failures as values -----------------------------*- C++ -*-===//
///
/// \file
/// A failure of the runtime is a value: its ferry_status and the message that
/// says what went wrong (the image, kernel or symbol, and why). Code deep in
/// the backends returns it instead of printing, so that the outermost caller
/// decides what happens to it: the porting-facing C API keeps it for
/// ferry_last_error() and prints nothing; the entry points of compiled
/// programs and the OpenACC API print it once with report().
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_ERROR_H
#define FERRY_RUNTIME_CORE_ERROR_H

#include "ferry/runtime.h"

#include <string>
#include <utility>
#include <vector>

namespace ferry {

/// FERRY_SUCCESS with no message, or a failure status with its message.
/// Converts to true when it is a failure, like llvm::Error.
class [[nodiscard]] Error {
public:
  /// Success.
  Error() = default;
  Error(ferry_status Status, std::string Message)
      : Status(Status), Message(std::move(Message)) {}

  static Error success() { return Error(); }

  /// A failure that was printed where it happened (work run on a queue):
  /// report() prints nothing for it.
  static Error alreadyReported(ferry_status Status) { return Error(Status, ""); }

  explicit operator bool() const { return Status != FERRY_SUCCESS; }
  ferry_status status() const { return Status; }
  /// The first failure's message ("" for alreadyReported()).
  const std::string &message() const { return Message; }
  /// The messages of the failures after the first (a wait on every queue
  /// meets one per queue): report() prints each on a line of its own.
  const std::vector<std::string> &later() const { return Later; }

  /// Adds failure \p E after this one (this one's status stays, or
  /// becomes \p E's on success).
  void add(Error E) {
    if (!E)
      return;
    if (!*this) {
      *this = std::move(E);
      return;
    }
    if (!E.Message.empty())
      Later.push_back(std::move(E.Message));
    for (std::string &M : E.Later)
      Later.push_back(std::move(M));
  }

private:
  ferry_status Status = FERRY_SUCCESS;
  std::string Message;
  std::vector<std::string> Later;
};

/// A failure with a printf-formatted message.
Error makeError(ferry_status Status, const char *Fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// Prints \p E as "ferry: error: MESSAGE" (nothing on success or for
/// Error::alreadyReported; a line for each of its later() failures) and
/// returns its status: for the entry points that report their own failures.
ferry_status report(const Error &E);

/// The message of the calling thread's last failure that report() printed
/// (the CUDA runtime reads the vendor's error name from it for a failure
/// printed where it happened: work on a host queue).
const std::string &lastReported();

} // namespace ferry

#endif
