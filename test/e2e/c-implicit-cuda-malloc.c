/* OpenACC and Ferry's CUDA runtime in one program: a cudaMalloc'd pointer
 * used in a region without deviceptr is device memory, as acc_malloc's is
 * (both are blocks of the device's backend): its inferred section is not
 * mapped and the kernel gets the pointer as it is. cudaFree forgets it: a
 * host buffer that takes the freed block's address afterwards (as the
 * emulated device's memory is the host's, it often does) is copied as any
 * host memory. FERRY_TIME's byte counts show what moved. The CUDA runtime
 * is declared here as cuda_runtime_api.h declares it, so that the test
 * needs only libferry-cudart, not the toolkit's headers.
 * REQUIRES: ferry-nvcc
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t -L%ferry-libdir -lferry-cudart 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: env FERRY_TIME=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
 * The rows of FERRY_TIME (bytes to and from the device):
 * CHECK-DAG: c-implicit-cuda-malloc.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 8000 0{{ }}
 * CHECK-DAG: c-implicit-cuda-malloc.c:{{[0-9]+}} parallel loop {{.*}} 1 {{.*}} 8000 8000{{ }}
 */
#include "Inputs/check_c.h"

#include <stddef.h>
#include <stdlib.h>

typedef int cudaError_t; /* cudaSuccess is 0 */
enum { cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2 };
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, int kind);

enum { N = 1000 };

/* d read and written, h read: h[0:n] copyin (8000 bytes in), d nothing. */
static void axpy(double *d, const double *h, int n) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    d[i] = 2 * d[i] + h[i];
}

/* Host memory: q[0:n] copy (8000 bytes each way). */
static void negate(double *q, int n) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    q[i] = -q[i];
}

int main(void) {
  double *h = (double *)malloc(N * sizeof *h), *d = NULL;
  for (int i = 0; i < N; ++i)
    h[i] = i;
  CHECK(cudaMalloc((void **)&d, N * sizeof *d) == 0);
  CHECK(cudaMemcpy(d, h, N * sizeof *d, cudaMemcpyHostToDevice) == 0);
  axpy(d, h, N);
  double *x = (double *)malloc(N * sizeof *x);
  CHECK(cudaMemcpy(x, d, N * sizeof *d, cudaMemcpyDeviceToHost) == 0);
  for (int i = 0; i < N; ++i)
    CHECK(x[i] == 3.0 * i);
  CHECK(cudaFree(d) == 0);

  /* Aligned as the emulated device's blocks are: glibc gives this buffer
   * the freed block's address. */
  double *q = (double *)aligned_alloc(256, N * sizeof *q);
  for (int i = 0; i < N; ++i)
    q[i] = i;
  negate(q, N);
  for (int i = 0; i < N; ++i)
    CHECK(q[i] == -i);
  free(q);
  free(x);
  free(h);
  return report();
}
