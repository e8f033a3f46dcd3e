//===- HostFaults.h - Naming host accesses to device memory ----*- C++ -*-===//
///
/// \file
/// On a GPU whose memory the host cannot address (NVIDIA, discrete AMD), a
/// device address that reaches host code (from `host_data use_device`,
/// acc_deviceptr, acc_malloc or cudaMalloc, handed to a library that is not
/// GPU-aware, such as an MPI built without CUDA support) faults there with
/// nothing to say why. Backends with such memory arm this report at their
/// first allocation: a SIGSEGV or SIGBUS whose address lies in a block they
/// allocated prints what was accessed (the device, the block, the offset,
/// read or write, the code that did it) and what to do, then the fault goes
/// on to the handler that was there before (or kills the process, as it
/// would have). Faults elsewhere go to the previous handler untouched.
/// FERRY_HOST_FAULTS=0 leaves the signals alone.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_CORE_HOSTFAULTS_H
#define FERRY_RUNTIME_CORE_HOSTFAULTS_H

#include <signal.h>

namespace ferry {

class Backend;

/// Makes \p B's allocated blocks known to the report and installs the
/// handlers (once per process, unless FERRY_HOST_FAULTS=0).
void armHostFaultReport(Backend &B);

/// Hands a fault that a handler of Ferry's (this report, the emulator's
/// device faults) does not take to the handler \p Previous that was
/// installed before it: its function, or its default action (the fault
/// happens again on return, with the default disposition restored).
void passFaultOn(const struct sigaction &Previous, int Signal, siginfo_t *Info, void *Context);

} // namespace ferry

#endif
