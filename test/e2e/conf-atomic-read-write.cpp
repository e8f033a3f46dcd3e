// Conformance style: atomic read and atomic write: each iteration writes
// its value to a shared scalar (the final value is one of them), reads of
// a value no one changes, a struct member and an array element as x, in
// parallel, serial and kernels constructs, and atomic in host code.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

struct pair_t {
  int count;
  double value;
};

int test1() {
  int err = 0;
  int last = -1;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc parallel loop copy(last) copyin(a[0:n])
  for (int x = 0; x < n; ++x) {
#pragma acc atomic write
    last = x;
  }
  if (last < 0 || last >= n)
    err += 1;
  real_t *r = new real_t[n];
  real_t constant = 3.5;
#pragma acc parallel loop copyin(constant, a[0:n]) copyout(r[0:n])
  for (int x = 0; x < n; ++x) {
    real_t v;
#pragma acc atomic read
    v = constant;
    r[x] = v + a[x];
  }
  for (int x = 0; x < n; ++x)
    if (r[x] != 3.5 + x)
      err += 1;
  delete[] a;
  delete[] r;
  return err;
}

int test2() {
  int err = 0;
  pair_t p;
  p.count = 0;
  p.value = 0;
  real_t arr[4] = {0, 0, 0, 0};
#pragma acc parallel loop copy(p, arr)
  for (int x = 0; x < 1000; ++x) {
#pragma acc atomic update
    p.count += 1;
#pragma acc atomic write
    arr[x % 4] = 1.0 * (x % 4);
#pragma acc atomic
    p.value += 0.25;
  }
  if (p.count != 1000 || p.value != 250.0)
    err += 1;
  for (int b = 0; b < 4; ++b)
    if (arr[b] != b)
      err += 1;
  int s = 0;
#pragma acc serial copy(s)
  {
    for (int x = 0; x < 10; ++x) {
#pragma acc atomic
      s += x;
    }
  }
  if (s != 45)
    err += 1;
  // On the host, outside any region.
  int h = 0, hv = 0;
#pragma acc atomic capture
  hv = h++;
#pragma acc atomic write
  h = h + 10;
  if (h != 11 || hv != 0)
    err += 1;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}
