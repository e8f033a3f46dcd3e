// C++ atomics in a region: std::atomic local to an iteration and C++20
// std::atomic_ref on array elements (seq_cst loads, fetch_add,
// compare_exchange_weak). LLVM 19's NVPTX cannot select a seq_cst atomic
// load ("Cannot select: AtomicLoad seq_cst"); Ferry gives it the monotonic
// load between membars, so the PTX image is built (check-images) and the
// program runs everywhere.
// RUN: %ferry-clangxx -std=c++20 -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <atomic>

int main() {
  const int n = 1000;
  long long a[n];
  int counts[8] = {0};
  for (int i = 0; i < n; ++i)
    a[i] = i;
  int total = 0;
#pragma acc parallel loop copy(a[0:n], counts[0:8]) reduction(+:total)
  for (int i = 0; i < n; ++i) {
    std::atomic<int> c{0};
    c.fetch_add(i);
    c.fetch_add(1, std::memory_order_release);
    total += c.load() - 1;
    std::atomic_ref<long long> r(a[i]);
    long long e = r.load();
    while (!r.compare_exchange_weak(e, e + 1)) {
    }
    std::atomic_ref<int>(counts[i % 8]).fetch_add(1, std::memory_order_acq_rel);
  }
  CHECK(total == n * (n - 1) / 2);
  for (int i = 0; i < n; ++i)
    CHECK(a[i] == i + 1);
  for (int k = 0; k < 8; ++k)
    CHECK(counts[k] == n / 8);
  return report();
}
