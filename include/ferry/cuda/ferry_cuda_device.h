/*===- ferry/cuda/ferry_cuda_device.h - Gaps of clang 19's CUDA headers ---===*
 *
 * ferry-nvcc includes this header in every CUDA compile, after clang's CUDA
 * wrapper headers. clang 19 declares nan() and nanf() for device code but
 * never defines them, so a kernel that calls them (as nvcc accepts) would
 * reference an undefined function; the definitions below are libdevice's.
 * Host code calls min() and max() as nvcc allows, and __managed__
 * variables become ones ferry-nvcc moves to managed memory (below).
 *
 *===----------------------------------------------------------------------===*/
#ifndef FERRY_CUDA_FERRY_CUDA_DEVICE_H
#define FERRY_CUDA_FERRY_CUDA_DEVICE_H

#if defined(__CUDA__) && defined(__CUDA_ARCH__)
static __device__ __attribute__((always_inline)) double nan(const char *Tag) {
  return __nv_nan((const signed char *)Tag);
}
static __device__ __attribute__((always_inline)) float nanf(const char *Tag) {
  return __nv_nanf((const signed char *)Tag);
}
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

/* clang 19 ignores __managed__ in CUDA code (a warning, then errors about
 * host variables in kernels): ferry-nvcc makes it a __device__ variable it
 * recognises by this annotation and moves into managed memory
 * (tools/ferry-nvcc/ManagedVariables.h). */
#ifdef __managed__
#undef __managed__
#endif
#define __managed__ __device__ __attribute__((annotate("ferry.managed")))

#endif
