// A `deviceptr` variable in a region is the pointer it was: a function
// template taking `T *` deduces T from it, `auto` and decltype see `T *`
// (was "no matching function for call to 'fill'": the region saw Ferry's
// device_address<T>; AcceleratedLinearAlgebra's LU and QR calls). Stepping
// it inside the region still works, and it is never translated.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <openacc.h>
#include <type_traits>

#pragma acc routine seq
template <class T> void fill(T *p, int n, T v) {
  for (int i = 0; i < n; i++)
    p[i] = v;
}

int main() {
  const int n = 16;
  double *buf = static_cast<double *>(acc_malloc(n * sizeof(double)));
  double host[n];
#pragma acc parallel deviceptr(buf) num_gangs(1)
  {
    fill(buf, n, 2.0);
    auto second = buf + 1;
    static_assert(std::is_same_v<std::remove_reference_t<decltype(buf)>, double *>);
    *second = 5.0;
    buf += 2;
    buf[0] = 7.0;
  }
  acc_memcpy_from_device(host, buf, sizeof host);
  CHECK(host[0] == 2.0 && host[1] == 5.0 && host[2] == 7.0 && host[15] == 2.0);
#pragma acc parallel loop deviceptr(buf)
  for (int i = 0; i < n; ++i)
    fill(buf + i, 1, double(i));
  acc_memcpy_from_device(host, buf, sizeof host);
  for (int i = 0; i < n; ++i)
    CHECK(host[i] == double(i));
  acc_free(buf);
  return report();
}
