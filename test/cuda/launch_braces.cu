// Braced lists as the grid and block operands of a launch, as nvcc accepts
// them (multi-gpu-programming-models' Jacobi: `<<<grid, {bx, by, 1}, 0, s>>>`;
// clang 19 alone: "expected expression"). ferry-nvcc compiles the file from
// a copy that spells them dim3{...} under the file's own name: __FILE__,
// __LINE__ and the dependency file are the file's. Launch-like text in
// comments and strings stays as written.
// RUN: %ferry-nvcc -O3 -arch=sm_80 -MD -MF %t.d %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=DEPS < %t.d
// RUN: %ferry-nvcc -O3 -arch=sm_80 -rdc=true %s -o %t.rdc
// RUN: %emu-gfx1100 %t.rdc | %FileCheck %s
// CHECK: launch_braces.cu:{{[0-9]+}} <<<g, {x, y}>>> "k<<<1, {2, 3}>>>"
// CHECK: PASS
// DEPS: cuda/launch_braces.cu
// DEPS-NOT: launch_braces-{{[A-Za-z0-9]+}}.cu
#include <cstdio>


__global__ void fill(int *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * width + x] = y * 1000 + x + blockDim.z * 100000;
}

int main() {
  const int bx = 8, by = 4, gx = 3, gy = 2, width = bx * gx, n = width * by * gy;
  int *out;
  cudaMallocManaged(&out, n * sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);
  // A comment: k<<<1, {2, 3}>>> stays.
  const char *text = "k<<<1, {2, 3}>>>";
  fill<<<{gx, gy}, {bx, by, 1}, 0, s>>>(out, width);
  cudaStreamSynchronize(s);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != (i / width) * 1000 + i % width + 100000;
  fill<<< dim3(gx, gy) , /* block */ {
              bx, by
          }>>>(out, width);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i)
    bad += out[i] != (i / width) * 1000 + i % width + 100000;
  printf("%s:%d <<<g, {x, y}>>> \"%s\"\n", __FILE__, __LINE__, text);
  printf("%s\n", bad || cudaGetLastError() != cudaSuccess ? "FAIL" : "PASS");
  cudaFree(out);
  return bad != 0;
}
