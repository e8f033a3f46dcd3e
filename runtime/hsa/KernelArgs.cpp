//===- KernelArgs.cpp - Kernarg segments from code-object metadata --------===//
///
/// \file
/// Hidden arguments (AMDGPUUsage, "Code Object V5 Metadata"): block counts
/// are whole work-groups per dimension, group sizes the work-group size,
/// remainders the size of a partial last work-group (always 0 here: Ferry
/// dispatches whole blocks), grid_dims the dimensions in use, and
/// dynamic_lds_size the dynamic shared memory, printf_buffer the buffer of
/// device printf (core/DevicePrintf.h). Pointers to services Ferry does not
/// provide (hostcall, heap, device enqueue, multigrid) are null: the
/// translator rejects code that needs them.
///
//===----------------------------------------------------------------------===//
#include "hsa/KernelArgs.h"

#include <cstring>
#include <map>
#include <optional>

namespace ferry {
namespace {

/// Little-endian store of the low Size bytes of V.
void store(uint8_t *P, uint64_t Size, uint64_t V) {
  for (uint64_t I = 0; I < Size && I < 8; ++I)
    P[I] = uint8_t(V >> (8 * I));
}

std::optional<uint64_t> hiddenValue(const std::string &Kind, const DispatchGeometry &G) {
  auto Dim = [&](const char *Prefix) -> int {
    size_t N = std::strlen(Prefix);
    if (Kind.size() == N + 1 && Kind.compare(0, N, Prefix) == 0 && Kind[N] >= 'x' &&
        Kind[N] <= 'z')
      return Kind[N] - 'x';
    return -1;
  };
  if (int D = Dim("hidden_block_count_"); D >= 0)
    return G.Grid[D];
  if (int D = Dim("hidden_group_size_"); D >= 0)
    return G.Block[D];
  if (Dim("hidden_remainder_") >= 0 || Dim("hidden_global_offset_") >= 0)
    return 0;
  if (Kind == "hidden_grid_dims")
    return gridDims(G);
  if (Kind == "hidden_dynamic_lds_size")
    return G.DynamicLDS;
  if (Kind == "hidden_queue_ptr")
    return G.QueuePtr;
  if (Kind == "hidden_printf_buffer")
    return G.PrintfBuffer;
  // Services Ferry does not provide, apertures read from registers on every
  // target Ferry supports (private/shared base are for pre-gfx9), padding.
  static const char *const Null[] = {
      "hidden_none",         "hidden_hostcall_buffer",
      "hidden_heap_v1",      "hidden_default_queue",      "hidden_completion_action",
      "hidden_multigrid_sync_arg", "hidden_private_base", "hidden_shared_base"};
  for (const char *N : Null)
    if (Kind == N)
      return 0;
  return std::nullopt;
}

} // namespace

uint16_t gridDims(const DispatchGeometry &G) {
  return G.Grid[2] > 1 || G.Block[2] > 1 ? 3 : G.Grid[1] > 1 || G.Block[1] > 1 ? 2 : 1;
}

std::string buildDispatchPacket(const DispatchGeometry &G, uint64_t KernelObject,
                                uint32_t StaticLDS, uint32_t PrivateSize, void *Kernarg,
                                hsa_signal_t Completion, hsa_kernel_dispatch_packet_t &P,
                                uint32_t &HeaderAndSetup) {
  uint32_t Items[3];
  for (int I = 0; I < 3; ++I) {
    const uint64_t N = uint64_t(G.Grid[I]) * G.Block[I];
    if (N == 0 || N > UINT32_MAX || G.Block[I] > UINT16_MAX)
      return "grid " + std::to_string(G.Grid[I]) + " x block " + std::to_string(G.Block[I]) +
             " in dimension " + std::to_string(I) +
             " is not a valid AMD dispatch (1 to 2^32-1 work-items, blocks up to 65535)";
    Items[I] = uint32_t(N);
  }
  P.workgroup_size_x = uint16_t(G.Block[0]);
  P.workgroup_size_y = uint16_t(G.Block[1]);
  P.workgroup_size_z = uint16_t(G.Block[2]);
  P.reserved0 = 0;
  P.grid_size_x = Items[0];
  P.grid_size_y = Items[1];
  P.grid_size_z = Items[2];
  P.private_segment_size = PrivateSize;
  P.group_segment_size = StaticLDS + G.DynamicLDS;
  P.kernel_object = KernelObject;
  P.kernarg_address = Kernarg;
  P.reserved2 = 0;
  P.completion_signal = Completion;
  const uint16_t Header = (HSA_PACKET_TYPE_KERNEL_DISPATCH << HSA_PACKET_HEADER_TYPE) |
                          (1 << HSA_PACKET_HEADER_BARRIER) |
                          (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
                          (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE);
  HeaderAndSetup =
      Header | uint32_t(gridDims(G) << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS) << 16;
  return "";
}

bool isHiddenArg(const KernelArgDesc &A) { return A.ValueKind.rfind("hidden_", 0) == 0; }

size_t explicitArgCount(const std::vector<KernelArgDesc> &Args) {
  size_t N = 0;
  for (const KernelArgDesc &A : Args)
    N += !isHiddenArg(A);
  return N;
}

std::string fillKernargs(const SymbolInfo &Kernel, void *const *Values,
                         const DispatchGeometry &G, std::vector<uint8_t> &Out) {
  // The sizes and offsets come from the image's metadata: bounded before
  // any memory is touched (an offset near 2^64 must not wrap past the check).
  constexpr uint64_t MaxKernargBytes = 1 << 20;
  if (Kernel.KernargSize > MaxKernargBytes)
    return "the kernarg segment of " + Kernel.Name + " claims " +
           std::to_string(Kernel.KernargSize) + " bytes (at most " +
           std::to_string(MaxKernargBytes) + ")";
  Out.assign(Kernel.KernargSize, 0);
  size_t Explicit = 0;
  for (const KernelArgDesc &A : Kernel.Args) {
    if (A.Size > Out.size() || A.Offset > Out.size() - A.Size)
      return "argument at offset " + std::to_string(A.Offset) + " (" + A.ValueKind +
             ") lies past the " + std::to_string(Out.size()) + "-byte kernarg segment of " +
             Kernel.Name;
    if (!isHiddenArg(A)) {
      if (!Values || !Values[Explicit])
        return "argument " + std::to_string(Explicit) + " of " + Kernel.Name + " is missing";
      std::memcpy(Out.data() + A.Offset, Values[Explicit++], A.Size);
      continue;
    }
    std::optional<uint64_t> V = hiddenValue(A.ValueKind, G);
    if (!V)
      return "kernel " + Kernel.Name + " has a hidden argument Ferry cannot fill: " +
             A.ValueKind;
    if (A.Size < 8 && *V >> (8 * A.Size))
      return A.ValueKind + " = " + std::to_string(*V) + " does not fit its " +
             std::to_string(A.Size) + " bytes (kernel " + Kernel.Name + ")";
    store(Out.data() + A.Offset, A.Size, *V);
  }
  return "";
}

namespace {

struct TargetID {
  std::string Processor;
  std::map<std::string, char> Features; ///< name -> '+' or '-'
};

/// "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-" or "gfx90a:xnack+".
TargetID parseTargetID(const std::string &S) {
  TargetID T;
  std::string Id = S;
  if (size_t Dash = Id.rfind("--"); Dash != std::string::npos)
    Id = Id.substr(Dash + 2);
  size_t Colon = Id.find(':');
  T.Processor = Id.substr(0, Colon);
  while (Colon != std::string::npos) {
    size_t Next = Id.find(':', Colon + 1);
    std::string F = Id.substr(Colon + 1, Next == std::string::npos ? Next : Next - Colon - 1);
    if (!F.empty() && (F.back() == '+' || F.back() == '-'))
      T.Features[F.substr(0, F.size() - 1)] = F.back();
    Colon = Next;
  }
  return T;
}

} // namespace

std::string checkIsaCompatible(const std::string &Image, const std::string &Agent) {
  TargetID I = parseTargetID(Image), A = parseTargetID(Agent);
  auto Name = [](const std::string &S) {
    size_t Dash = S.rfind("--");
    return Dash == std::string::npos ? S : S.substr(Dash + 2);
  };
  if (I.Processor != A.Processor)
    return "the image is for " + Name(Image) + " but the device is " + Name(Agent) +
           "; compile with --offload-arch=" + A.Processor;
  for (const auto &[Feature, Setting] : I.Features) {
    auto It = A.Features.find(Feature);
    // A feature the agent does not report is not supported by it.
    char AgentSetting = It == A.Features.end() ? '-' : It->second;
    if (AgentSetting != Setting)
      return "the image is for " + Name(Image) + " but the device is " + Name(Agent) + " (" +
             Feature + AgentSetting + "); compile with --offload-arch=" + I.Processor + ":" +
             Feature + AgentSetting + " or with --offload-arch=" + I.Processor +
             " (any " + Feature + ")";
  }
  return "";
}

} // namespace ferry
