/*===- ferry/cuda/ferry_cuda_device.h - Gaps of clang 19's CUDA headers ---===*
 *
 * ferry-nvcc includes this header in every CUDA compile, after clang's CUDA
 * wrapper headers. clang 19 declares nan() and nanf() for device code but
 * never defines them, so a kernel that calls them (as nvcc accepts) would
 * reference an undefined function; the definitions below are libdevice's.
 * Device code with pure virtual functions gets the C++ runtime's trap.
 * CUDA 12.8's __nv_atomic_* builtins exist, the warp reductions get their
 * operands in order, host code calls min()
 * and max() as nvcc allows, and __managed__
 * variables become ones ferry-nvcc moves to managed memory (below).
 *
 *===----------------------------------------------------------------------===*/
#ifndef FERRY_CUDA_FERRY_CUDA_DEVICE_H
#define FERRY_CUDA_FERRY_CUDA_DEVICE_H

/* clang's CUDA wrapper includes the definitions (.hpp) of these headers
 * itself, without their include guards: a program that includes one of
 * them (older code: `#include <sm_61_intrinsics.h>` for __dp4a,
 * <sm_60_atomic_functions.h> for double atomicAdd), as nvcc allows, would
 * define their functions twice. Their guards say they are in. */
#if defined(__CUDA__)
#define __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_20_INTRINSICS_H__
#define __SM_32_ATOMIC_FUNCTIONS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__
#define __SM_61_INTRINSICS_H__
#endif

#if defined(__CUDA__) && defined(__CUDA_ARCH__)
/* What a call of a pure virtual function (a C++ error) reaches; nvcc's
 * device runtime traps there. Inline: emitted only where a vtable needs it,
 * once per device link. */
extern "C" __device__ inline __attribute__((noinline)) void __cxa_pure_virtual(void) {
  __trap();
}
extern "C" __device__ inline __attribute__((noinline)) void __cxa_deleted_virtual(void) {
  __trap();
}
static __device__ __attribute__((always_inline)) double nan(const char *Tag) {
  return __nv_nan((const signed char *)Tag);
}
static __device__ __attribute__((always_inline)) float nanf(const char *Tag) {
  return __nv_nanf((const signed char *)Tag);
}
#endif

/* clang 19's __reduce_*_sync wrappers pass (mask, value) to builtins that
 * take (value, mask), so the warp reduces the mask (LLVM issue 131415,
 * fixed after clang 20): the same functions with the operands in order,
 * under the CUDA names. */
#if defined(__CUDA__) && (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800)
#define FERRY_REDUX(Name, Builtin, T)                                          \
  __device__ inline T __ferry##Name(unsigned Mask, T Value) {                 \
    return Builtin(Value, Mask);                                               \
  }
FERRY_REDUX(_reduce_add_sync, __nvvm_redux_sync_add, unsigned)
FERRY_REDUX(_reduce_min_sync, __nvvm_redux_sync_umin, unsigned)
FERRY_REDUX(_reduce_max_sync, __nvvm_redux_sync_umax, unsigned)
FERRY_REDUX(_reduce_min_sync, __nvvm_redux_sync_min, int)
FERRY_REDUX(_reduce_max_sync, __nvvm_redux_sync_max, int)
FERRY_REDUX(_reduce_or_sync, __nvvm_redux_sync_or, unsigned)
FERRY_REDUX(_reduce_and_sync, __nvvm_redux_sync_and, unsigned)
FERRY_REDUX(_reduce_xor_sync, __nvvm_redux_sync_xor, unsigned)
#undef FERRY_REDUX
#define __reduce_add_sync __ferry_reduce_add_sync
#define __reduce_min_sync __ferry_reduce_min_sync
#define __reduce_max_sync __ferry_reduce_max_sync
#define __reduce_or_sync __ferry_reduce_or_sync
#define __reduce_and_sync __ferry_reduce_and_sync
#define __reduce_xor_sync __ferry_reduce_xor_sync
#endif

/* CUDA 12.8's atomic builtins, which nvcc provides and clang 19 does not;
 * code takes them when CUDA_VERSION >= 12080. The orders are the C++
 * memory orders; the scope is widened to the system's, which orders at
 * least as much as any narrower one. */
#if defined(__CUDA__) && defined(__cplusplus) && CUDA_VERSION >= 12080 &&              \
    !defined(__NV_ATOMIC_RELAXED)
enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};
enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};
/* Relaxed operations with fences around them where the order asks for
 * more: what NVPTX in LLVM 19 selects whatever the order is. */
#define FERRY_FENCE_IF(Order)                                                  \
  do {                                                                         \
    if ((Order) != __NV_ATOMIC_RELAXED)                                        \
      __threadfence_system();                                                  \
  } while (0)
template <typename T>
__device__ inline T __nv_atomic_load_n(T *P, int Order, int = __NV_THREAD_SCOPE_SYSTEM) {
  T V = __atomic_load_n(P, __ATOMIC_RELAXED);
  FERRY_FENCE_IF(Order);
  return V;
}
template <typename T>
__device__ inline void __nv_atomic_load(T *P, T *Ret, int Order,
                                        int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  *Ret = __nv_atomic_load_n(P, Order, Scope);
}
template <typename T>
__device__ inline void __nv_atomic_store_n(T *P, T V, int Order,
                                           int = __NV_THREAD_SCOPE_SYSTEM) {
  FERRY_FENCE_IF(Order);
  __atomic_store_n(P, V, __ATOMIC_RELAXED);
}
template <typename T>
__device__ inline void __nv_atomic_store(T *P, T *V, int Order,
                                         int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  __nv_atomic_store_n(P, *V, Order, Scope);
}
template <typename T>
__device__ inline T __nv_atomic_exchange_n(T *P, T V, int Order,
                                           int = __NV_THREAD_SCOPE_SYSTEM) {
  FERRY_FENCE_IF(Order);
  T Old = __atomic_exchange_n(P, V, __ATOMIC_RELAXED);
  FERRY_FENCE_IF(Order);
  return Old;
}
template <typename T>
__device__ inline void __nv_atomic_exchange(T *P, T *V, T *Ret, int Order,
                                            int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  *Ret = __nv_atomic_exchange_n(P, *V, Order, Scope);
}
template <typename T>
__device__ inline bool __nv_atomic_compare_exchange_n(T *P, T *Expected, T Desired, bool,
                                                      int Success, int Failure,
                                                      int = __NV_THREAD_SCOPE_SYSTEM) {
  FERRY_FENCE_IF(Success);
  const bool Done = __atomic_compare_exchange_n(P, Expected, Desired, false, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED);
  FERRY_FENCE_IF(Done ? Success : Failure);
  return Done;
}
template <typename T>
__device__ inline bool __nv_atomic_compare_exchange(T *P, T *Expected, T *Desired, bool Weak,
                                                    int Success, int Failure,
                                                    int Scope = __NV_THREAD_SCOPE_SYSTEM) {
  return __nv_atomic_compare_exchange_n(P, Expected, *Desired, Weak, Success, Failure, Scope);
}
#define FERRY_NV_ATOMIC_RMW(Op)                                                \
  template <typename T>                                                        \
  __device__ inline T __nv_atomic_fetch_##Op(T *P, T V, int Order,            \
                                             int = __NV_THREAD_SCOPE_SYSTEM) { \
    FERRY_FENCE_IF(Order);                                                     \
    T Old = __atomic_fetch_##Op(P, V, __ATOMIC_RELAXED);                       \
    FERRY_FENCE_IF(Order);                                                     \
    return Old;                                                                \
  }                                                                            \
  template <typename T>                                                        \
  __device__ inline void __nv_atomic_##Op(T *P, T V, int Order,               \
                                          int Scope = __NV_THREAD_SCOPE_SYSTEM) { \
    (void)__nv_atomic_fetch_##Op(P, V, Order, Scope);                          \
  }
FERRY_NV_ATOMIC_RMW(add)
FERRY_NV_ATOMIC_RMW(sub)
FERRY_NV_ATOMIC_RMW(and)
FERRY_NV_ATOMIC_RMW(or)
FERRY_NV_ATOMIC_RMW(xor)
FERRY_NV_ATOMIC_RMW(min)
FERRY_NV_ATOMIC_RMW(max)
#undef FERRY_NV_ATOMIC_RMW
__device__ inline void __nv_atomic_thread_fence(int Order, int = __NV_THREAD_SCOPE_SYSTEM) {
  FERRY_FENCE_IF(Order);
}
#undef FERRY_FENCE_IF
#endif

/* nvcc's math_functions.hpp makes min() and max() of two integers or
 * floating-point values callable from host code too; clang 19 declares them
 * for the device only. The host overloads, with CUDA's conversions (mixed
 * signedness compares as unsigned, a float and a double as doubles) and
 * fmin/fmax's NaN rule. */
#if defined(__CUDA__) && defined(__cplusplus)
#define FERRY_HOST_MINMAX(R, A, B)                                             \
  static inline __host__ R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; } \
  static inline __host__ R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }
FERRY_HOST_MINMAX(int, int, int)
FERRY_HOST_MINMAX(unsigned int, unsigned int, unsigned int)
FERRY_HOST_MINMAX(unsigned int, int, unsigned int)
FERRY_HOST_MINMAX(unsigned int, unsigned int, int)
FERRY_HOST_MINMAX(long int, long int, long int)
FERRY_HOST_MINMAX(unsigned long int, unsigned long int, unsigned long int)
FERRY_HOST_MINMAX(unsigned long int, long int, unsigned long int)
FERRY_HOST_MINMAX(unsigned long int, unsigned long int, long int)
FERRY_HOST_MINMAX(long long int, long long int, long long int)
FERRY_HOST_MINMAX(unsigned long long int, unsigned long long int, unsigned long long int)
FERRY_HOST_MINMAX(unsigned long long int, long long int, unsigned long long int)
FERRY_HOST_MINMAX(unsigned long long int, unsigned long long int, long long int)
#undef FERRY_HOST_MINMAX
static inline __host__ float min(float a, float b) { return __builtin_fminf(a, b); }
static inline __host__ float max(float a, float b) { return __builtin_fmaxf(a, b); }
static inline __host__ double min(double a, double b) { return __builtin_fmin(a, b); }
static inline __host__ double max(double a, double b) { return __builtin_fmax(a, b); }
static inline __host__ double min(float a, double b) { return __builtin_fmin(a, b); }
static inline __host__ double max(float a, double b) { return __builtin_fmax(a, b); }
static inline __host__ double min(double a, float b) { return __builtin_fmin(a, b); }
static inline __host__ double max(double a, float b) { return __builtin_fmax(a, b); }
#endif

/* nvcc's type traits of extended lambdas, which CCCL (thrust, CUB) asks
 * where __CUDACC_EXTENDED_LAMBDA__ is defined (--extended-lambda): clang's
 * __device__ lambdas are plain closures, none of them is one of nvcc's. */
#ifndef __nv_is_extended_device_lambda_closure_type
#define __nv_is_extended_device_lambda_closure_type(...) false
#endif
#ifndef __nv_is_extended_host_device_lambda_closure_type
#define __nv_is_extended_host_device_lambda_closure_type(...) false
#endif
#ifndef __nv_is_extended_device_lambda_with_preserved_return_type
#define __nv_is_extended_device_lambda_with_preserved_return_type(...) false
#endif

#if defined(__CUDA__) && defined(__cplusplus)
/* The C headers nvcc's crt/common_functions.h includes in every CUDA
 * compile (clang's wrapper has stdlib.h and string.h): programs call time(),
 * printf() and assert() without including them (Rodinia's particlefilter). */
#include <assert.h>
#include <stdio.h>
#include <time.h>
#include <new>

/* nvcc's math_functions.h declares isfinite, isnan and isinf of float and
 * double in the global namespace for host code too; clang 19's only for the
 * device, so host code calling them unqualified found no host function. */
#include <cmath>
using std::isfinite;
using std::isinf;
using std::isnan;

/* The cache-hint loads and stores of nvcc's sm_32_intrinsics.hpp (streaming,
 * global-level, all-level, last-use, volatile; write-back, write-through):
 * plain accesses, which are what the hints leave the memory model. The
 * value of a store converts to the pointee's type, as nvcc's overloads do. */
template <class T> struct __ferry_same { using type = T; };
#define FERRY_CACHE_LOAD(Name)                                                 \
  template <class T> static __device__ inline T Name(const T *P) { return *P; }
#define FERRY_CACHE_STORE(Name)                                                \
  template <class T>                                                           \
  static __device__ inline void Name(T *P, typename __ferry_same<T>::type V) { \
    *P = V;                                                                    \
  }
FERRY_CACHE_LOAD(__ldcs)
FERRY_CACHE_LOAD(__ldcg)
FERRY_CACHE_LOAD(__ldca)
FERRY_CACHE_LOAD(__ldlu)
FERRY_CACHE_LOAD(__ldcv)
FERRY_CACHE_STORE(__stcs)
FERRY_CACHE_STORE(__stcg)
FERRY_CACHE_STORE(__stwb)
FERRY_CACHE_STORE(__stwt)
#undef FERRY_CACHE_LOAD
#undef FERRY_CACHE_STORE

/* nvcc's builtin behind the 16-bit atomicCAS (sm_70_rt.hpp): a 32-bit CAS
 * on the aligned word that holds the halfword. */
extern "C" __device__ inline unsigned short __usAtomicCAS(unsigned short *P, unsigned short Compare,
                                                           unsigned short Value) {
  unsigned int *Word = (unsigned int *)((unsigned long long)P & ~3ull);
  const unsigned Shift = ((unsigned long long)P & 2) * 8;
  unsigned int Old = *(volatile unsigned int *)Word;
  for (;;) {
    const unsigned short Current = (unsigned short)(Old >> Shift);
    if (Current != Compare)
      return Current;
    const unsigned int New = (Old & ~(0xffffu << Shift)) | ((unsigned int)Value << Shift);
    const unsigned int Seen = atomicCAS(Word, Old, New);
    if (Seen == Old)
      return Compare;
    Old = Seen;
  }
}
#endif

/* clang 19 ignores __managed__ in CUDA code (a warning, then errors about
 * host variables in kernels): ferry-nvcc makes it a __device__ variable it
 * recognises by this annotation and moves into managed memory
 * (tools/ferry-nvcc/ManagedVariables.h). */
#ifdef __managed__
#undef __managed__
#endif
#define __managed__ __device__ __attribute__((annotate("ferry.managed")))

/* nvcc defines __CUDACC__ as 1, and NVIDIA's headers (nccl_device/coop.h)
 * and programs test `#if __CUDACC__`; clang's wrapper defines it empty. In
 * nvcc mode (ferry-nvcc's -D__NVCC__) the value is nvcc's. */
#if defined(__NVCC__) && defined(__CUDACC__)
#undef __CUDACC__
#define __CUDACC__ 1
#endif

#endif
