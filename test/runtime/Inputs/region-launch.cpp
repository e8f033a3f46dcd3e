// Self-checking regions through ferry_launch_region: saxpy with its arrays
// attached through the present table, queued launches waited with acc_wait,
// and a sum reduction from per-block partials. On a GPU the device kernels of
// region-kernels.ll run; on the host the host versions. Silent on success.
#include "ferry/runtime.h"
#include <openacc.h>

#include <cstdio>
#include <cstring>
#include <vector>

static int failures = 0;
#define CHECK(cond, ...)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "region-launch: " __VA_ARGS__);                     \
      std::fprintf(stderr, "\n");                                              \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

struct Saxpy {
  float *x, *y;
  float a;
};
struct Sum {
  const long long *v;
};

static void saxpyHost(const void *c, int64_t b, int64_t e, void *) {
  const Saxpy &k = *static_cast<const Saxpy *>(c);
  for (int64_t i = b; i < e; ++i)
    k.y[i] = k.a * k.x[i] + k.y[i];
}
static void sumHost(const void *c, int64_t b, int64_t e, void *partial) {
  const Sum &k = *static_cast<const Sum *>(c);
  for (int64_t i = b; i < e; ++i)
    *static_cast<long long *>(partial) += k.v[i];
}
static void sumInit(void *p) { *static_cast<long long *>(p) = 0; }
static void sumCombine(void *d, const void *s) {
  *static_cast<long long *>(d) += *static_cast<const long long *>(s);
}

static const ferry_region saxpyRegion = {"saxpy", "region-launch.cpp", 48, 3, 0};
static const ferry_region sumRegion = {"sum", "region-launch.cpp", 49, 3, 0};
static const uint32_t saxpyPointers[] = {offsetof(Saxpy, x), offsetof(Saxpy, y)};
static const uint32_t sumPointers[] = {offsetof(Sum, v)};
static const ferry_device_kernel saxpyKernel = {"__ferry_region_saxpy", saxpyPointers, 2, nullptr, 0};
static const ferry_device_kernel sumKernel = {"__ferry_region_sum", sumPointers, 1, nullptr, 0};

static ferry_status saxpy(Saxpy &k, int64_t n, int async) {
  ferry_launch_desc d = {};
  d.region = &saxpyRegion;
  d.closure = &k;
  d.closure_size = sizeof k;
  d.trip_count = n;
  d.host_fn = saxpyHost;
  d.kernel = &saxpyKernel;
  d.async = async;
  return ferry_launch_region(&d);
}

int main() {
  const bool host = acc_get_device_type() == acc_device_host;
  const int64_t n = (1 << 20) + 7;
  std::vector<float> x(n), y(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = float(i % 1000), y[i] = 1.0f;

  // Synchronous, then three queued launches on queue 1 and a wait.
  acc_copyin(x.data(), n * sizeof(float));
  acc_copyin(y.data(), n * sizeof(float));
  Saxpy k{x.data(), y.data(), 2.0f};
  CHECK(saxpy(k, n, acc_async_sync) == FERRY_SUCCESS, "synchronous saxpy failed");
  for (int r = 0; r < 3; ++r)
    CHECK(saxpy(k, n, 1) == FERRY_SUCCESS, "queued saxpy %d failed", r);
  acc_wait(1);
  CHECK(acc_async_test(1), "queue 1 not idle after acc_wait");
  acc_copyout(y.data(), n * sizeof(float));
  acc_delete(x.data(), n * sizeof(float));
  int bad = 0;
  for (int64_t i = 0; i < n; ++i)
    bad += y[i] != 1.0f + 8.0f * float(i % 1000);
  CHECK(bad == 0, "saxpy: %d wrong elements (y[5] = %g, expected %g)", bad, y[5],
        1.0f + 8.0f * 5);

  // A pointer to memory that is not present is refused on a GPU.
  if (!host) {
    std::vector<float> z(16);
    Saxpy absent{x.data(), z.data(), 1.0f};
    acc_copyin(x.data(), n * sizeof(float));
    CHECK(saxpy(absent, 16, acc_async_sync) == FERRY_ERROR_INVALID,
          "a region with an absent array ran");
    acc_delete(x.data(), n * sizeof(float));
  }

  // Reduction, with Ferry's gang count and with 7 gangs.
  const int64_t m = 3000017;
  std::vector<long long> v(m);
  long long expected = 0;
  for (int64_t i = 0; i < m; ++i)
    expected += v[i] = (i * 7919) % 1000 - 300;
  acc_copyin(v.data(), m * sizeof(long long));
  const ferry_reduction red = {sizeof(long long), alignof(long long), sumInit, sumCombine};
  for (uint32_t gangs : {0u, 7u}) {
    Sum s{v.data()};
    long long result = -1;
    ferry_launch_desc d = {};
    d.region = &sumRegion;
    d.closure = &s;
    d.closure_size = sizeof s;
    d.trip_count = m;
    d.host_fn = sumHost;
    d.reduction = &red;
    d.result = &result;
    d.kernel = &sumKernel;
    d.num_gangs = gangs;
    d.async = gangs ? 2 : acc_async_sync;
    CHECK(ferry_launch_region(&d) == FERRY_SUCCESS, "sum with %u gangs failed", gangs);
    CHECK(result == expected, "sum with %u gangs: %lld, expected %lld", gangs, result, expected);
  }
  acc_delete(v.data(), m * sizeof(long long));

  // FERRY_TIME attributes data movement to the region that brackets it.
  float staged[16] = {0};
  void *dev = acc_malloc(sizeof staged);
  const ferry_region *previous = ferry_set_data_region(&saxpyRegion);
  acc_memcpy_to_device(dev, x.data(), sizeof staged);
  CHECK(ferry_set_data_region(previous) == &saxpyRegion, "the data region was not kept");
  acc_memcpy_from_device(staged, dev, sizeof staged);
  acc_free(dev);
  CHECK(staged[3] == x[3], "staged copy lost data");
  return failures ? 1 : 0;
}
