// The macros nvcc defines, which programs and libraries test
// (test/cuda/nvcc-macros.test): compiled for the device and the host, each
// #if is an error where the macro is missing or wrong.
#if !defined(__NVCC__) || !defined(__CUDACC__)
#error "__NVCC__ and __CUDACC__ must be defined"
#endif
/* nvcc defines __CUDACC__ as 1: NVIDIA's own headers (nccl_device/coop.h)
   and programs (HeCBench ssim's gdt/math) test `#if __CUDACC__`. */
#if __CUDACC__ != 1
#error "__CUDACC__ is 1"
#endif
#if !defined(__CUDACC_VER_MAJOR__) || __CUDACC_VER_MAJOR__ < 12 || !defined(__CUDACC_VER_MINOR__) || !defined(__CUDACC_VER_BUILD__)
#error "__CUDACC_VER_MAJOR__/MINOR__/BUILD__ must name the CUDA version"
#endif
#if defined(EXPECT_RDC) != defined(__CUDACC_RDC__)
#error "__CUDACC_RDC__ is defined exactly with -rdc=true"
#endif
#if defined(EXPECT_LAMBDA) != defined(__CUDACC_EXTENDED_LAMBDA__)
#error "__CUDACC_EXTENDED_LAMBDA__ is defined exactly with --extended-lambda"
#endif
#if defined(EXPECT_CONSTEXPR) != defined(__CUDACC_RELAXED_CONSTEXPR__)
#error "__CUDACC_RELAXED_CONSTEXPR__ is defined exactly with --expt-relaxed-constexpr"
#endif
#if defined(EXPECT_DEBUG) != defined(__CUDACC_DEBUG__)
#error "__CUDACC_DEBUG__ is defined exactly with -G"
#endif
__global__ void k(int *x) { *x = __CUDACC_VER_MAJOR__; }
