// The queue routines of OpenACC 3.3 next to async regions: the default
// queue set with acc_set_default_async takes `async` without an argument
// and acc_async_noval; acc_wait_any, the _device forms of the waits and
// tests, and the deprecated acc_async_wait / acc_async_wait_all.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>

const int n = 20000;
double a[n], b[n], c[n];

int main() {
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 2.0 * i;
    c[i] = 0;
  }
  const acc_device_t type = acc_get_device_type();
  const int dev = acc_get_device_num(type);
  CHECK(acc_get_default_async() == 0); // the initial default queue is queue 0
#pragma acc enter data copyin(a[0:n], b[0:n]) create(c[0:n])

  acc_set_default_async(2);
  CHECK(acc_get_default_async() == 2);
#pragma acc parallel loop present(a[0:n]) async
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc parallel loop present(b[0:n]) async(5)
  for (int i = 0; i < n; ++i)
    b[i] *= 2;
  int queues[3] = {acc_async_sync, 2, 5};
  const int first = acc_wait_any(3, queues);
  CHECK(first == 1 || first == 2);
  // Queue 5 goes on after queue 2 (the default queue) has finished.
  acc_wait_device_async(acc_async_noval, 5, dev);
#pragma acc parallel loop present(a[0:n], b[0:n], c[0:n]) async(5)
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
  acc_wait_device(5, dev);
  CHECK(acc_async_test_device(5, dev));
  CHECK(acc_async_test(2));

  // acc_async_noval in a data routine is the default queue too.
  acc_update_self_async(c, sizeof c, acc_async_noval);
  acc_async_wait(2);
  for (int i = 0; i < n; ++i)
    CHECK(c[i] == (i + 1) + 4.0 * i);

  acc_set_default_async(acc_async_default);
  CHECK(acc_get_default_async() == 0); // the initial default queue is queue 0
#pragma acc parallel loop present(c[0:n]) async
  for (int i = 0; i < n; ++i)
    c[i] = -c[i];
  acc_wait_all_device_async(3, dev);
  acc_wait_all_device(dev);
  CHECK(acc_async_test_all_device(dev));
  acc_async_wait_all();
  int none[2] = {acc_async_sync, acc_async_sync};
  CHECK(acc_wait_any(2, none) == -1);
  CHECK(acc_wait_any(0, none) == -1);
#pragma acc exit data copyout(c[0:n]) delete(a[0:n], b[0:n])
  for (int i = 0; i < n; ++i)
    CHECK(c[i] == -((i + 1) + 4.0 * i));
  return report();
}
