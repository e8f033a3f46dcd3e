// Kernels that use every kind of memory a CUDA program gives them: device,
// managed, pinned and registered host memory, a __device__ variable. With
// an argument, one writes past its cudaMalloc block (emu-check-global.test).
#include <cstdio>
#include <cstdlib>

__device__ int counter;

__global__ void touch(float *dev, float *managed, float *pinned, float *registered, int n,
                      int past) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    dev[i + past] = i;
    managed[i] = 2 * i;
    pinned[i] = 3 * i;
    registered[i] = 4 * i;
    atomicAdd(&counter, 1);
  }
}

int main(int argc, char **argv) {
  const int n = 256;
  float *dev, *managed, *pinned, *mapped;
  float *registered = static_cast<float *>(malloc(n * sizeof(float)));
  cudaMalloc(&dev, n * sizeof(float));
  cudaMallocManaged(&managed, n * sizeof(float));
  cudaMallocHost(&pinned, n * sizeof(float));
  cudaHostRegister(registered, n * sizeof(float), cudaHostRegisterMapped);
  cudaHostGetDevicePointer(reinterpret_cast<void **>(&mapped), registered, 0);
  touch<<<2, 128>>>(dev, managed, pinned, mapped, n, argc > 1 ? 4 : 0);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(e));
    return 1;
  }
  int count = 0;
  cudaMemcpyFromSymbol(&count, counter, sizeof count);
  int bad = count != n;
  for (int i = 0; i < n; i++)
    bad += managed[i] != 2 * i || pinned[i] != 3 * i || registered[i] != 4 * i;
  cudaHostUnregister(registered);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
