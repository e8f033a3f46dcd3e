/// \file
/// Compiles CUDA sources of the translation corpus as HIP (bench/hip-compare,
/// forced with -include): the CUDA device API names HIP 5.2.3 spells
/// differently or lacks. The `_sync` warp functions take the whole wave
/// (their member mask is not needed for the code-quality comparison), and
/// their results are 32-bit as in CUDA. Written for Ferry.
#pragma once
#include <hip/hip_runtime.h>

// HIP 5.2.3's host_defines.h defines __noinline__ as nothing, so HIP would
// inline what the CUDA source keeps out of line (nvcc and Ferry honour it).
#undef __noinline__
#define __noinline__ __attribute__((noinline))

#define FERRY_HIP_DEVICE __device__ inline __attribute__((always_inline))

template <class T>
FERRY_HIP_DEVICE T __shfl_sync(unsigned, T V, int Src, int Width = warpSize) {
  return __shfl(V, Src, Width);
}
template <class T>
FERRY_HIP_DEVICE T __shfl_up_sync(unsigned, T V, unsigned D, int Width = warpSize) {
  return __shfl_up(V, D, Width);
}
template <class T>
FERRY_HIP_DEVICE T __shfl_down_sync(unsigned, T V, unsigned D, int Width = warpSize) {
  return __shfl_down(V, D, Width);
}
template <class T>
FERRY_HIP_DEVICE T __shfl_xor_sync(unsigned, T V, int Mask, int Width = warpSize) {
  return __shfl_xor(V, Mask, Width);
}
FERRY_HIP_DEVICE unsigned __ballot_sync(unsigned, int P) { return unsigned(__ballot(P)); }
FERRY_HIP_DEVICE int __any_sync(unsigned, int P) { return __any(P); }
FERRY_HIP_DEVICE int __all_sync(unsigned, int P) { return __all(P); }
FERRY_HIP_DEVICE unsigned __activemask() { return unsigned(__ballot(1)); }
FERRY_HIP_DEVICE void __syncwarp(unsigned = 0xffffffffu) { __builtin_amdgcn_wave_barrier(); }
FERRY_HIP_DEVICE void __nanosleep(unsigned) { __builtin_amdgcn_s_sleep(1); }

template <class T> FERRY_HIP_DEVICE T atomicAdd_block(T *P, T V) {
  return __hip_atomic_fetch_add(P, V, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
}

// HIP 5.2.3's atomicInc names an intrinsic LLVM 19 no longer has.
FERRY_HIP_DEVICE unsigned ferryHipAtomicInc(unsigned *P, unsigned V) {
  return __builtin_amdgcn_atomic_inc32(P, V, __ATOMIC_RELAXED, "agent");
}
#define atomicInc ferryHipAtomicInc

/// The lanes of the wave whose V equals this lane's (CUDA's match.any).
FERRY_HIP_DEVICE unsigned __match_any_sync(unsigned, unsigned V) {
  unsigned long long Left = __ballot(1);
  unsigned Mine = 0;
  while (Left) {
    unsigned Key = __shfl(V, __ffsll((long long)Left) - 1);
    unsigned long long Same = __ballot(Key == V);
    if (Key == V)
      Mine = unsigned(Same);
    Left &= ~Same;
  }
  return Mine;
}

/// CUDA's redux.sync builtins as butterfly reductions over the wave.
template <class Op> FERRY_HIP_DEVICE unsigned ferryHipRedux(unsigned V, Op F) {
  for (int Mask = warpSize / 2; Mask > 0; Mask /= 2)
    V = F(V, __shfl_xor(V, Mask));
  return V;
}
#define __nvvm_redux_sync_add(V, Mask)                                         \
  ferryHipRedux((V), [](unsigned A, unsigned B) { return A + B; })
#define __nvvm_redux_sync_umax(V, Mask)                                        \
  ferryHipRedux((V), [](unsigned A, unsigned B) { return A > B ? A : B; })
