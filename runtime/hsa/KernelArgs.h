//===- KernelArgs.h - Kernarg segments from code-object metadata -*- C++ -*-===//
///
/// \file
/// ROCR does not fill hidden kernel arguments (HIP does, and Ferry dispatches
/// through ROCR directly), so Ferry lays out the whole kernarg segment from
/// the kernel's `.args` metadata: the explicit arguments in order, then every
/// hidden argument of code object v4 and v5 by its value kind. Pure functions,
/// tested against Ferry's own code objects without a GPU.
///
//===----------------------------------------------------------------------===//
#ifndef FERRY_RUNTIME_HSA_KERNELARGS_H
#define FERRY_RUNTIME_HSA_KERNELARGS_H

#include "core/SymbolIndex.h"

#include <hsa/hsa.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ferry {

/// What a dispatch knows that hidden arguments carry. Grid is in blocks
/// (CUDA/OpenACC geometry), Block in work-items.
struct DispatchGeometry {
  uint32_t Grid[3] = {1, 1, 1};
  uint32_t Block[3] = {1, 1, 1};
  uint32_t DynamicLDS = 0;
  uint64_t QueuePtr = 0; ///< the hsa_queue_t the packet goes to
  uint64_t PrintfBuffer = 0; ///< device printf's buffer (core/DevicePrintf.h)
};

/// True for the value kinds the dispatcher fills (hidden_*).
bool isHiddenArg(const KernelArgDesc &A);

/// Number of explicit (non-hidden) arguments.
size_t explicitArgCount(const std::vector<KernelArgDesc> &Args);

/// Writes the kernarg segment of \p Kernel to \p Out (resized to the
/// segment size): explicit argument I is copied from Values[I]
/// (Args[I].Size bytes, as cuLaunchKernel's kernelParams), hidden ones are
/// computed from \p G. Returns "" or what is wrong (a hidden kind Ferry does
/// not know, a geometry that overflows a hidden field, an argument past the
/// segment).
std::string fillKernargs(const SymbolInfo &Kernel, void *const *Values,
                         const DispatchGeometry &G, std::vector<uint8_t> &Out);

/// Dimensions of a dispatch: 3 if z is used, 2 if y is, else 1.
uint16_t gridDims(const DispatchGeometry &G);

/// The AQL kernel-dispatch packet of a launch (all but its first 32 bits,
/// which the dispatcher stores last, atomically): work-item grid, group
/// sizes, static plus dynamic LDS, scratch, kernel object, kernargs and
/// completion signal; \p HeaderAndSetup receives those first 32 bits (a
/// dispatch packet with the barrier bit and system-scope fences). Returns ""
/// or what is wrong with the geometry. Shared by the HSA backend and anyone
/// who must build the same packet (an emulator).
std::string buildDispatchPacket(const DispatchGeometry &G, uint64_t KernelObject,
                                uint32_t StaticLDS, uint32_t PrivateSize, void *Kernarg,
                                hsa_signal_t Completion, hsa_kernel_dispatch_packet_t &P,
                                uint32_t &HeaderAndSetup);

/// Checks that code compiled for the target ID \p Image (the code object's
/// amdhsa.target, e.g. "amdgcn-amd-amdhsa--gfx90a:xnack+") can run on an
/// agent whose ISA is \p Agent ("amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-").
/// Returns "" or a message naming both and the --offload-arch that fixes it.
std::string checkIsaCompatible(const std::string &Image, const std::string &Agent);

} // namespace ferry

#endif
