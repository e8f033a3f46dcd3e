// The zero modifier: create(zero:) starts the device copy at zero, so a
// region can accumulate into it; copyout(zero:) of an untouched array
// returns zeros; enter data create(zero:) the same for dynamic data.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 1024;
  std::vector<long> hist(16, 99), out(n, 7);
  long *h = hist.data(), *o = out.data();
#pragma acc data create(zero: h[0:16]) copyout(zero: o[0:n])
  {
#pragma acc serial loop present(h[0:16])
    for (int i = 0; i < n; ++i)
      h[i % 16] += i;
#pragma acc update self(h[0:16])
  }
  for (int b = 0; b < 16; ++b) {
    long want = acc_get_device_type() == acc_device_host ? 99 : 0;
    for (int i = b; i < n; i += 16)
      want += i;
    CHECK(h[b] == want);
  }
  for (int i = 0; i < n; ++i)
    CHECK(o[i] == (acc_get_device_type() == acc_device_host ? 7 : 0));

  // enter data create(zero:) too: counts accumulated on the device.
  std::vector<int> counts(8, 5);
  int *c = counts.data();
#pragma acc enter data create(zero: c[0:8])
#pragma acc serial loop present(c[0:8])
  for (int i = 0; i < 80; ++i)
    c[i % 8] += 1;
#pragma acc exit data copyout(c[0:8])
  for (int b = 0; b < 8; ++b)
    CHECK(c[b] == (acc_get_device_type() == acc_device_host ? 15 : 10));
  return report();
}
