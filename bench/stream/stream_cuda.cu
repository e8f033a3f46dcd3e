// The reference: STREAM and the dot product as hand-written CUDA, the same
// sizes, data, repeats and timing (wall time of launch + synchronize) as
// stream_ferry.cpp. Built with nvcc -O3 -arch=sm_90.
#include "stream.h"

#include <cuda_runtime.h>

namespace {

constexpr int kBlock = 256;

__global__ void copy(const double *a, double *c, long n) {
  long i = blockIdx.x * long(blockDim.x) + threadIdx.x;
  if (i < n) c[i] = a[i];
}
__global__ void scale(double *b, const double *c, double s, long n) {
  long i = blockIdx.x * long(blockDim.x) + threadIdx.x;
  if (i < n) b[i] = s * c[i];
}
__global__ void add(const double *a, const double *b, double *c, long n) {
  long i = blockIdx.x * long(blockDim.x) + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
__global__ void triad(double *a, const double *b, const double *c, double s, long n) {
  long i = blockIdx.x * long(blockDim.x) + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}
/// Grid-stride partial sums, a shuffle + shared-memory block reduction, one
/// atomicAdd per block.
__global__ void dot(const double *a, const double *b, double *out, long n) {
  double sum = 0;
  for (long i = blockIdx.x * long(blockDim.x) + threadIdx.x; i < n; i += long(gridDim.x) * blockDim.x)
    sum += a[i] * b[i];
  for (int o = 16; o > 0; o /= 2) sum += __shfl_down_sync(0xffffffffu, sum, o);
  __shared__ double warps[kBlock / 32];
  if (threadIdx.x % 32 == 0) warps[threadIdx.x / 32] = sum;
  __syncthreads();
  if (threadIdx.x < 32) {
    sum = threadIdx.x < kBlock / 32 ? warps[threadIdx.x] : 0;
    for (int o = 16; o > 0; o /= 2) sum += __shfl_down_sync(0xffffffffu, sum, o);
    if (threadIdx.x == 0) atomicAdd(out, sum);
  }
}

void ok(cudaError_t E) {
  if (E != cudaSuccess) {
    std::fprintf(stderr, "stream_cuda: %s\n", cudaGetErrorString(E));
    std::exit(1);
  }
}

} // namespace

int main(int argc, char **argv) {
  const long n = stream::size(argc, argv);
  const double s = stream::kScalar;
  std::vector<double> av(n, 1.0), bv(n, 2.0), cv(n, 0.0);
  double *a, *b, *c, *d;
  const size_t bytes = sizeof(double) * n;
  ok(cudaMalloc(&a, bytes)); ok(cudaMalloc(&b, bytes)); ok(cudaMalloc(&c, bytes));
  ok(cudaMalloc(&d, sizeof(double)));
  ok(cudaMemcpy(a, av.data(), bytes, cudaMemcpyHostToDevice));
  ok(cudaMemcpy(b, bv.data(), bytes, cudaMemcpyHostToDevice));
  ok(cudaMemcpy(c, cv.data(), bytes, cudaMemcpyHostToDevice));
  const unsigned grid = unsigned((n + kBlock - 1) / kBlock);
  int sms = 0;
  ok(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  std::vector<double> tc, ts, ta, tt, td;
  for (int k = 0; k < stream::kRepeats; ++k) {
    tc.push_back(stream::seconds([&] { copy<<<grid, kBlock>>>(a, c, n); ok(cudaDeviceSynchronize()); }));
    ts.push_back(stream::seconds([&] { scale<<<grid, kBlock>>>(b, c, s, n); ok(cudaDeviceSynchronize()); }));
    ta.push_back(stream::seconds([&] { add<<<grid, kBlock>>>(a, b, c, n); ok(cudaDeviceSynchronize()); }));
    tt.push_back(stream::seconds([&] { triad<<<grid, kBlock>>>(a, b, c, s, n); ok(cudaDeviceSynchronize()); }));
  }
  double result = 0;
  for (int k = 0; k < stream::kRepeats; ++k)
    td.push_back(stream::seconds([&] {
      ok(cudaMemset(d, 0, sizeof(double)));
      dot<<<sms * 8, kBlock>>>(a, b, d, n);
      ok(cudaMemcpy(&result, d, sizeof(double), cudaMemcpyDeviceToHost));
    }));
  ok(cudaMemcpy(av.data(), a, bytes, cudaMemcpyDeviceToHost));
  ok(cudaMemcpy(bv.data(), b, bytes, cudaMemcpyDeviceToHost));
  ok(cudaMemcpy(cv.data(), c, bytes, cudaMemcpyDeviceToHost));
  stream::reportAll(tc, ts, ta, tt, td, n);
  return stream::check(av.data(), bv.data(), cv.data(), n, result) ? 0 : 1;
}
