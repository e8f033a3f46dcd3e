//===- BackendGuard.cpp - LLVM's fatal errors as llvm::Error --------------===//
///
/// \file
/// runGuarded runs the stage in a CrashRecoveryContext. LLVM's fatal errors
/// reach it in one of two ways:
///  - Ferry's fatal-error handler (installFatalErrorHandler), in programs
///    that own their process: it records the message and unwinds to the
///    context;
///  - any other host's handler that ends with llvm::sys::Process::Exit, as
///    clang's does (it reports the message as a diagnostic first): the
///    context catches the exit; or, without a handler, LLVM's default
///    abort(), which the context catches as a signal. Once anything in the
///    process has registered LLVM's own signal handlers (a file removed on
///    a signal: the lld link's output does it), those sit above the
///    context's: they restore it and return, but abort() then raises again
///    with the default action. So the stage also unwinds from the callback
///    LLVM's handlers run for a crash (recoverFromSignal).
/// The handler is one process-wide slot without a getter, so a library
/// cannot borrow it and give it back: inside clang, a ScopedFatalErrorHandler
/// would leave clang without its own for the rest of the compilation.
///
//===----------------------------------------------------------------------===//
#include "BackendGuard.h"
#include "Lower.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <string>

using namespace llvm;

namespace ferry {
namespace {

/// Where the guarded stage running on this thread, if any, wants the
/// message of a fatal error.
thread_local std::string *FatalMessage = nullptr;

/// The return code recoverFromSignal gives the context (the callback is not
/// told which signal).
constexpr int CrashedBySignal = 128 + 64;

void recordFatalError(void *, const char *Reason, bool) {
  CrashRecoveryContext *CRC = CrashRecoveryContext::GetCurrent();
  if (FatalMessage && CRC) {
    *FatalMessage = Reason;
    CRC->HandleExit(1); // unwinds to runGuarded
  }
  // Outside a guarded stage: what LLVM prints without a handler (and it then
  // exits).
  errs() << "LLVM ERROR: " << Reason << "\n";
}

/// LLVM's signal handlers (llvm/Support/Signals.h) run this for a crash
/// signal, SIGABRT included, after restoring the handlers they replaced: on
/// a thread inside a guarded stage it unwinds to runGuarded as the
/// context's own handler would; elsewhere LLVM goes on as without it.
void recoverFromSignal(void *) {
  CrashRecoveryContext *CRC = CrashRecoveryContext::GetCurrent();
  if (FatalMessage && CRC)
    CRC->HandleExit(CrashedBySignal);
}

} // namespace

void installFatalErrorHandler() {
  static std::once_flag Once;
  std::call_once(Once, [] { install_fatal_error_handler(recordFatalError); });
}

Error runGuarded(const Twine &Stage, function_ref<Error()> Body,
                 const Twine &Hint) {
  static std::once_flag Once;
  std::call_once(Once, [] {
    CrashRecoveryContext::Enable();
    sys::AddSignalHandler(recoverFromSignal, nullptr);
  });
  std::string Message;
  std::string *Outer = FatalMessage;
  FatalMessage = &Message;
  Error Result = Error::success();
  consumeError(std::move(Result)); // a checked success, assigned below
  CrashRecoveryContext CRC;
  const bool Finished = CRC.RunSafely([&] { Result = Body(); });
  FatalMessage = Outer;
  if (Finished)
    return Result;
  if (Message.empty())
    Message =
        CRC.RetCode == CrashedBySignal ? std::string("it crashed (a signal)")
        : CRC.RetCode > 128
            ? "it crashed with signal " + std::to_string(CRC.RetCode - 128)
            : "it exited with status " + std::to_string(CRC.RetCode);
  std::string Text = ("LLVM failed in " + Stage +
                      " instead of reporting an error (a Ferry bug: please "
                      "report it with the input): " +
                      Message)
                         .str();
  std::string More = Hint.str();
  if (!More.empty())
    Text += " (" + More + ")";
  return createStringError(inconvertibleErrorCode(), Text);
}

} // namespace ferry
