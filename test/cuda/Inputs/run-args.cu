// Run by `ferry-nvcc --run --run-args ...` (driver-options.test): prints its
// arguments and a device result, exits with the number of arguments.
#include <cstdio>

__global__ void answer(int *x) { *x = 42; }

int main(int argc, char **argv) {
  int *d, h = 0;
  cudaMalloc(&d, sizeof h);
  answer<<<1, 1>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("args:");
  for (int i = 1; i < argc; ++i)
    std::printf(" %s", argv[i]);
  std::printf(" device: %d\n", h);
  return argc - 1;
}
