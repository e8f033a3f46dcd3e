// The init, set and shutdown directives as programs use them: init at the
// start, set default_async so that 'async' without a queue uses it, set
// device_num and device_type for the current type, shutdown and then use
// the device again (it is initialised anew), if on each.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <openacc.h>

int main() {
  const int n = 1 << 16;
  static double a[n];
  int err = 0;
  const acc_device_t type = acc_get_device_type();
#pragma acc init
#pragma acc init device_type(acc_device_host) if(type == acc_device_host)
#pragma acc set default_async(5)
  if (acc_get_default_async() != 5) {
    std::printf("default async %d\n", acc_get_default_async());
    ++err;
  }
#pragma acc parallel loop copyout(a) async
  for (int i = 0; i < n; ++i)
    a[i] = i;
  // The region went to queue 5: waiting for it finishes the copy-out.
#pragma acc wait(5)
  if (a[n - 1] != n - 1)
    ++err;
#pragma acc set default_async(acc_async_default)
#pragma acc set device_num(0)
  if (acc_get_device_num(type) != 0)
    ++err;
  int zero = 0;
#pragma acc shutdown if(zero)
#pragma acc shutdown
  // Used again after the shutdown: initialised again.
#pragma acc parallel loop copy(a)
  for (int i = 0; i < n; ++i)
    a[i] *= 2;
  if (a[7] != 14)
    ++err;
#pragma acc set device_type(host)
  if (acc_get_device_type() != acc_device_host)
    ++err;
  return err;
}
