// Entry points public CUDA programs call besides the core groups: pitched
// 3D memory (cudaMalloc3D, cudaMemcpy3D, cudaMemset3D), the default memory
// pool of the stream-ordered allocator, stream attributes and the L2 reset
// (hints), profiler ranges, min()/max() called from host code, the PCI bus
// id, the shared-memory bank configuration and stream-capture queries, stream ids, kernel handles
// (cudaGetKernel, cudaGetFuncBySymbol: usable where a kernel is taken).
// RUN: %ferry-nvcc -O3 -arch=sm_80 %s -o %t
// RUN: %emu-gfx90a %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// RUN: %emu-gfx1100 %t > %t.out 2> %t.err && %FileCheck %s < %t.out && %count 0 < %t.err
// CHECK: PASS
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                     \
  do {                                                                                  \
    cudaError_t err_ = (call);                                                          \
    if (err_ != cudaSuccess) {                                                          \
      printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(err_)); \
      exit(1);                                                                          \
    }                                                                                   \
  } while (0)

__global__ void addPlane(cudaPitchedPtr p, int w, int h, int d) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x < w && y < h && z < d) {
    char *slice = (char *)p.ptr + z * p.pitch * h;
    float *row = (float *)(slice + y * p.pitch);
    row[x] += z;
  }
}

int main() {
  // Host-side min/max, as nvcc allows.
  int blocks = min(8, (1000 + 127) / 128);
  unsigned bytes = max(16u, 4u);
  if (blocks != 8 || bytes != 16 || min(2.5, 1.5f) != 1.5 || max(-1L, 3L) != 3L) {
    printf("FAIL: host min/max\n");
    return 1;
  }

  // The PCI address and back, the shared-memory bank configuration (a
  // Kepler setting: accepted), capture queries of a stream never captured.
  char bus[32];
  int found = -1;
  CHECK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
  CHECK(cudaDeviceGetByPCIBusId(&found, bus));
  if (found != 0) {
    printf("FAIL: PCI bus id %s gives device %d\n", bus, found);
    return 1;
  }
  int p2p = -1;
  if (cudaDeviceGetP2PAttribute(&p2p, cudaDevP2PAttrAccessSupported, 0, 0) !=
      cudaErrorInvalidDevice) {
    printf("FAIL: a device's P2P attribute with itself\n");
    return 1;
  }
  cudaGetLastError();
  cudaSharedMemConfig bank;
  CHECK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeFourByte));
  CHECK(cudaDeviceGetSharedMemConfig(&bank));
  CHECK(cudaFuncSetSharedMemConfig((const void *)addPlane, cudaSharedMemBankSizeEightByte));
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusActive;
  CHECK(cudaStreamGetCaptureInfo(0, &capture));
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
  CHECK(cudaThreadExchangeStreamCaptureMode(&mode));
  if (capture != cudaStreamCaptureStatusNone || mode != cudaStreamCaptureModeRelaxed) {
    printf("FAIL: capture status %d, mode %d\n", int(capture), int(mode));
    return 1;
  }

  CHECK(cudaProfilerStart());
  const int w = 20, h = 6, d = 3;
  cudaExtent ext = make_cudaExtent(w * sizeof(float), h, d);
  cudaPitchedPtr dev;
  CHECK(cudaMalloc3D(&dev, ext));
  if (dev.pitch < w * sizeof(float)) {
    printf("FAIL: pitch %zu\n", dev.pitch);
    return 1;
  }
  CHECK(cudaMemset3D(dev, 0, ext));
  float host[d][h][w];
  for (int z = 0; z < d; ++z)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        host[z][y][x] = x + 100 * y;
  cudaMemcpy3DParms up = {};
  up.srcPtr = make_cudaPitchedPtr(host, w * sizeof(float), w, h);
  up.dstPtr = dev;
  up.extent = ext;
  up.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&up));
  addPlane<<<dim3(h, d), 32>>>(dev, w, h, d);
  CHECK(cudaGetLastError());
  float back[d][h][w];
  cudaMemcpy3DParms down = {};
  down.srcPtr = dev;
  down.dstPtr = make_cudaPitchedPtr(back, w * sizeof(float), w, h);
  down.extent = ext;
  down.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaMemcpy3D(&down));
  for (int z = 0; z < d; ++z)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        if (back[z][y][x] != x + 100 * y + z) {
          printf("FAIL: 3D copy at (%d,%d,%d): %f\n", x, y, z, back[z][y][x]);
          return 1;
        }
  CHECK(cudaFree(dev.ptr));

  // The default pool: attributes read back, allocations through it.
  int dev0 = 0;
  CHECK(cudaGetDevice(&dev0));
  cudaMemPool_t pool;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, dev0));
  unsigned long long threshold = 1ull << 30, readBack = 0;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &readBack));
  if (readBack != threshold) {
    printf("FAIL: release threshold %llu\n", readBack);
    return 1;
  }
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *p = nullptr;
  CHECK(cudaMallocFromPoolAsync((void **)&p, 256 * sizeof(int), pool, s));
  CHECK(cudaMemsetAsync(p, 0x01, 256 * sizeof(int), s));
  int first = 0;
  CHECK(cudaMemcpyAsync(&first, p, sizeof first, cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  if (first != 0x01010101) {
    printf("FAIL: pool allocation holds %x\n", first);
    return 1;
  }
  CHECK(cudaFreeAsync(p, s));
  CHECK(cudaMemPoolTrimTo(pool, 0));

  // Stream attributes and the L2 reset are hints.
  cudaStreamAttrValue attr = {};
  attr.accessPolicyWindow.base_ptr = nullptr;
  attr.accessPolicyWindow.num_bytes = 0;
  CHECK(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &attr));
  CHECK(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &attr));
  CHECK(cudaCtxResetPersistingL2Cache());
  int streamDevice = -1;
  CHECK(cudaStreamGetDevice(s, &streamDevice));
  if (streamDevice != dev0) {
    printf("FAIL: stream device %d\n", streamDevice);
    return 1;
  }
  unsigned long long id = 0, id2 = 0, legacy = 1;
  cudaStream_t s2;
  CHECK(cudaStreamCreate(&s2));
  CHECK(cudaStreamGetId(s, &id));
  CHECK(cudaStreamGetId(s2, &id2));
  CHECK(cudaStreamGetId(0, &legacy));
  if (id == id2 || id == legacy || id2 == legacy) {
    printf("FAIL: stream ids %llu %llu %llu\n", id, id2, legacy);
    return 1;
  }
  CHECK(cudaStreamDestroy(s2));
  cudaKernel_t kernel = nullptr;
  cudaFunction_t function = nullptr;
  CHECK(cudaGetKernel(&kernel, (const void *)addPlane));
  CHECK(cudaGetFuncBySymbol(&function, (const void *)addPlane));
  cudaFuncAttributes fa;
  CHECK(cudaFuncGetAttributes(&fa, (const void *)kernel));
  int local = 0;
  if (!kernel || !function || fa.maxThreadsPerBlock <= 0 ||
      cudaGetKernel(&kernel, &local) != cudaErrorInvalidDeviceFunction) {
    printf("FAIL: kernel handles\n");
    return 1;
  }
  cudaGetLastError();
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaProfilerStop());
  printf("PASS\n");
  return 0;
}
