// The 'if', 'async' and 'wait' clauses of compute constructs on the host
// backend: queued regions run in order per queue and are complete after
// acc_wait; a region waits for the queues its 'wait' clause names; 'if(false)'
// runs the loop on the calling thread; a reduction on a queue is ready when
// the construct ends. Silent on success. Host only: the regions compare
// thread ids, which GPUs do not have (a device build refuses them).
// RUN: %ferry-clangxx -fplugin-arg-ferry-targets=none -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host FERRY_NOTIFY=1 %run %t 2>&1 | %FileCheck %s
// CHECK: run async-if-wait-host.cpp:{{[0-9]+}} parallel loop for host queue 1 on the calling thread
// CHECK: run async-if-wait-host.cpp:{{[0-9]+}} parallel loop for host queue 2 on the calling thread
#include <openacc.h>

#include <cstdio>
#include <thread>
#include <vector>

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "async-if-wait: %s\n", what);
    ++failures;
  }
}

int main() {
  const int n = 1 << 16;
  std::vector<float> x(n, 1.0f), y(n, 0.0f), z(n, 0.0f);
  float *px = x.data(), *py = y.data(), *pz = z.data();

  // Queue 1 fills y in two steps; queue 2 waits for queue 1, then reads y.
#pragma acc parallel loop copyin(px[0:n]) copy(py[0:n]) async(1)
  for (int i = 0; i < n; ++i)
    py[i] = 2 * px[i];
#pragma acc parallel loop copy(py[0:n]) async(1)
  for (int i = 0; i < n; ++i)
    py[i] += 1;
#pragma acc parallel loop copyin(py[0:n]) copy(pz[0:n]) async(2) wait(1)
  for (int i = 0; i < n; ++i)
    pz[i] = py[i] * 10;
  acc_wait(2);
  expect(acc_async_test(1) && acc_async_test(2), "queues not idle after the waits");
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += pz[i] != 30.0f;
  expect(bad == 0, "queue 2 did not see queue 1's results");

  // async without a queue number, then a synchronous region that waits for
  // every queue.
#pragma acc parallel loop copy(py[0:n]) async
  for (int i = 0; i < n; ++i)
    py[i] = 7;
#pragma acc parallel loop copy(pz[0:n]) copyin(py[0:n]) wait
  for (int i = 0; i < n; ++i)
    pz[i] = py[i];
  expect(pz[0] == 7 && pz[n - 1] == 7, "'wait' did not wait for the acc_async_noval queue");

  // if(false): the calling thread runs the loop (one thread id seen).
  std::vector<std::thread::id> who(n);
  std::thread::id *pw = who.data();
  bool offload = false;
#pragma acc parallel loop copy(pw[0:n]) if(offload)
  for (int i = 0; i < n; ++i)
    pw[i] = std::this_thread::get_id();
  bool local = true;
  for (int i = 0; i < n; ++i)
    local &= who[i] == std::this_thread::get_id();
  expect(local, "if(false) did not run the loop on the calling thread");

  // A reduction on a queue is complete when the construct ends.
  long sum = 100;
#pragma acc parallel loop reduction(+:sum) async(3)
  for (int i = 0; i < 1000; ++i)
    sum += i;
  expect(sum == 100 + 999 * 1000 / 2, "reduction on queue 3");
  long prod = 1;
  const bool yes = true;
#pragma acc parallel loop reduction(*:prod) if(yes)
  for (int i = 1; i <= 10; ++i)
    prod *= i;
  expect(prod == 3628800, "reduction with if(true)");
  acc_wait_all();
  return failures ? 1 : 0;
}
