// A reduction into a variable the device has (a data clause of the construct
// or an enclosing one, enter data): where the construct runs on the device,
// its device copy is the original variable (OpenACC 3.3 2.5.15: the
// reduction implies copy, which moves nothing for present data): combined,
// it gets the result, and the host copy keeps its value until an update or
// a copy-out; where the construct runs on the host (a false `if`, `self`),
// the host variable is the original and the device copy is left alone.
// Scalars and sections, parallel loop, kernels loop, serial loop and a
// parallel construct; compiled as C and as C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"

#include <openacc.h>

enum { N = 100 };
static double a[N];

int main(void) {
  for (int i = 0; i < N; ++i)
    a[i] = 1;
  // The host device has one copy of everything: what it sees is the result.
  const int two = acc_get_device_type() != acc_device_host;
  int on = 0; // the `if` of the constructs that run on the host

  double s = 1000, h[2] = {1000, 1000};
#pragma acc enter data copyin(a, s, h)
  s = 5, h[0] = h[1] = 5; // host copies only

  // On the host: the host copies are combined, the device's stay.
#pragma acc parallel loop reduction(+ : s) if (on)
  for (int i = 0; i < N; ++i)
    s += a[i];
  CHECK(s == 105);
#pragma acc kernels loop reduction(+ : s) self
  for (int i = 0; i < N; ++i)
    s += a[i];
  CHECK(s == 205);
#pragma acc serial loop reduction(+ : s) if (on)
  for (int i = 0; i < N; ++i)
    s += a[i];
  CHECK(s == 305);
#pragma acc parallel reduction(+ : s) if (on)
  s += 1;
  CHECK(s == 306);
#pragma acc parallel loop reduction(+ : h[0 : 2]) if (on)
  for (int i = 0; i < N; ++i)
    h[i % 2] += a[i];
  CHECK(h[0] == 55 && h[1] == 55);
  double host_s = s;
#pragma acc update self(s, h)
  CHECK(s == (two ? 1000 : host_s));
  CHECK(h[0] == (two ? 1000 : 55) && h[1] == h[0]);

  // On the device: the device copies are combined, the host's stay.
  s = 7, h[0] = h[1] = 7;
#pragma acc parallel loop reduction(+ : s) present(a)
  for (int i = 0; i < N; ++i)
    s += a[i];
#pragma acc parallel loop reduction(+ : h[0 : 2]) present(a)
  for (int i = 0; i < N; ++i)
    h[i % 2] += a[i];
  CHECK(s == (two ? 7 : 107));
  CHECK(h[0] == (two ? 7 : 57) && h[1] == h[0]);
#pragma acc exit data copyout(s, h) delete (a)
  CHECK(s == (two ? 1100 : 107));
  CHECK(h[0] == (two ? 1050 : 57) && h[1] == h[0]);

  // A data construct's copy: the result comes out at its end.
  double err = -1;
#pragma acc data copy(err) copyin(a)
  {
#pragma acc parallel loop reduction(max : err)
    for (int i = 0; i < N; ++i)
      err = err > a[i] * i ? err : a[i] * i;
    CHECK(err == (two ? -1 : N - 1));
  }
  CHECK(err == N - 1);

  // data create (the device copy's value unset), a reduction kept on the
  // host by its `if`: the host value counts.
  double m;
#pragma acc data copyin(a) create(m)
  {
    m = -1e30;
#pragma acc parallel loop reduction(max : m) present(a) if (on)
    for (int i = 0; i < N; ++i)
      m = m > -a[i] * (i + 1) ? m : -a[i] * (i + 1);
    CHECK(m == -1);
  }
  return report();
}
