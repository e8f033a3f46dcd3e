/*===- ferry/cuda/ferry_cuda_device.h - Gaps of clang 19's CUDA headers ---===*
 *
 * ferry-nvcc includes this header in every CUDA compile, after clang's CUDA
 * wrapper headers. clang 19 declares nan() and nanf() for device code but
 * never defines them, so a kernel that calls them (as nvcc accepts) would
 * reference an undefined function; the definitions below are libdevice's.
 * And __managed__ variables are refused with a message (below).
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

/* clang 19 ignores __managed__ in CUDA code (a warning, then errors about
 * host variables in kernels); Ferry does not implement them yet either:
 * one error at the variable that says so. */
#ifdef __managed__
#undef __managed__
#endif
#define __managed__                                                            \
  _Pragma("GCC error \"__managed__ variables are not supported by ferry-nvcc yet: allocate the data with cudaMallocManaged (docs/cuda.md)\"")

#endif
