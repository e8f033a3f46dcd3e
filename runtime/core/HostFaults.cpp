//===- HostFaults.cpp - Naming host accesses to device memory -------------===//
///
/// \file
/// The SIGSEGV/SIGBUS handler of HostFaults.h. It runs after a fault, on the
/// way to the process's end: it only reads (the backends' block tables under
/// try_lock, dladdr for the code), formats into a stack buffer and write()s.
///
//===----------------------------------------------------------------------===//
#include "core/HostFaults.h"

#include "core/Backend.h"
#include "core/Env.h"

#include <atomic>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <execinfo.h>
#include <mutex>
#include <signal.h>
#include <ucontext.h>
#include <unistd.h>

namespace ferry {
namespace {

constexpr int MaxBackends = 4;
std::atomic<Backend *> Armed[MaxBackends];
struct sigaction Previous[2]; // SIGSEGV, SIGBUS
constexpr int Signals[2] = {SIGSEGV, SIGBUS};

/// "symbol (library)" of code address \p PC into \p Out; "library+0xOFFSET"
/// where the symbol is not exported (addr2line reads it).
void describeCode(const void *PC, char *Out, size_t Size) {
  Dl_info Info;
  if (!dladdr(PC, &Info) || !Info.dli_fname) {
    std::snprintf(Out, Size, "%p", PC);
    return;
  }
  const char *Library = std::strrchr(Info.dli_fname, '/');
  Library = Library ? Library + 1 : Info.dli_fname;
  if (Info.dli_sname)
    std::snprintf(Out, Size, "%s (%s)", Info.dli_sname, Library);
  else
    std::snprintf(
        Out, Size, "%s+%#zx", Library,
        size_t(static_cast<const char *>(PC) - static_cast<const char *>(Info.dli_fbase)));
}

void onFault(int Signal, siginfo_t *Info, void *Context) {
  const int Index = Signal == SIGSEGV ? 0 : 1;
  const int SavedErrno = errno;
  const void *Address = Info->si_addr;
  for (const std::atomic<Backend *> &Slot : Armed) {
    Backend *B = Slot.load();
    if (!B)
      continue;
    int Device;
    const void *Block;
    size_t Bytes;
    bool Busy = false;
    if (!B->blockContaining(Address, Device, Block, Bytes, Busy))
      continue;
    const char *Access = "accessed";
    const void *PC = nullptr;
#if defined(__x86_64__)
    const auto *UC = static_cast<const ucontext_t *>(Context);
    Access = (UC->uc_mcontext.gregs[REG_ERR] & 2) ? "wrote to" : "read";
    PC = reinterpret_cast<const void *>(UC->uc_mcontext.gregs[REG_RIP]);
#endif
    // The faulting code and its callers, from the faulting frame on.
    char Where[768] = "";
    void *Frames[24];
    const int Count = backtrace(Frames, 24);
    int First = 0;
    while (First < Count && Frames[First] != PC)
      ++First;
    if (First == Count) { // no frame at the PC: start after this handler's
      First = 0;
      if (PC) {
        describeCode(PC, Where, sizeof Where);
        First = Count;
      }
    }
    for (int F = First, Shown = 0; F < Count && Shown < 4; ++F, ++Shown) {
      char Frame[256];
      describeCode(Frames[F], Frame, sizeof Frame);
      const size_t Used = std::strlen(Where);
      std::snprintf(Where + Used, sizeof Where - Used, "%s%s", Shown ? ", called from " : "",
                    Frame);
    }
    char Message[1536];
    const int Length = std::snprintf(
        Message, sizeof Message,
        "ferry: error: host code %s device memory at %p, %zu bytes into a %zu-byte block of "
        "%s device %d%s, in %s: the host cannot address this GPU's memory. A device address "
        "reached host code (from host_data use_device, acc_deviceptr, acc_malloc or "
        "cudaMalloc); a library handed one must be GPU-aware (an MPI library: built with CUDA "
        "or ROCm support). See docs/runtime.md, \"MPI and device addresses\".\n",
        Access, Address,
        size_t(static_cast<const char *>(Address) - static_cast<const char *>(Block)), Bytes,
        deviceKindName(B->kind()), Device, Busy ? " (the block table was busy)" : "",
        Where[0] ? Where : "unknown code");
    if (Length > 0)
      (void)!write(STDERR_FILENO, Message, std::min(size_t(Length), sizeof Message - 1));
    break;
  }
  errno = SavedErrno;
  passFaultOn(Previous[Index], Signal, Info, Context);
}

} // namespace

void passFaultOn(const struct sigaction &P, int Signal, siginfo_t *Info, void *Context) {
  if (P.sa_flags & SA_SIGINFO) {
    if (P.sa_sigaction) {
      P.sa_sigaction(Signal, Info, Context);
      return;
    }
  } else if (P.sa_handler != SIG_DFL && P.sa_handler != SIG_IGN) {
    P.sa_handler(Signal);
    return;
  }
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  sigemptyset(&Default.sa_mask);
  sigaction(Signal, &Default, nullptr);
}

void armHostFaultReport(Backend &B) {
  static const bool Enabled = envString("FERRY_HOST_FAULTS").value_or("1") != "0";
  if (!Enabled)
    return;
  for (std::atomic<Backend *> &Slot : Armed) {
    Backend *Expected = nullptr;
    if (Slot.load() == &B)
      break;
    if (Slot.compare_exchange_strong(Expected, &B))
      break;
  }
  static std::once_flag Installed;
  std::call_once(Installed, [] {
    // backtrace() loads libgcc_s on its first call: not in the handler.
    void *Warm[1];
    backtrace(Warm, 1);
    for (int I = 0; I < 2; ++I) {
      struct sigaction Action = {};
      Action.sa_sigaction = onFault;
      Action.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigemptyset(&Action.sa_mask);
      sigaction(Signals[I], &Action, &Previous[I]);
    }
  });
}

} // namespace ferry
