// acc_attach and acc_detach on a struct whose pointer member leads to an
// array: attached, the device copy of the member points to the device copy
// of the array and a region reaches the array through the struct; detached,
// it holds the host address again. Attachments nest; finalize drops them
// all.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <cstddef>
#include <openacc.h>

struct Field {
  int n;
  double *v;
};

const int n = 1000;
double values[n];
Field field = {n, values};

/// The pointer member as the device copy of `field` holds it.
static double *deviceMember() {
  double *p = nullptr;
  acc_memcpy_from_device(&p, static_cast<char *>(acc_deviceptr(&field)) + offsetof(Field, v),
                         sizeof p);
  return p;
}

int main() {
  for (int i = 0; i < n; ++i)
    values[i] = i;
  acc_copyin(&field, sizeof field);
  acc_copyin(values, sizeof values);
  acc_attach(reinterpret_cast<void **>(&field.v));
  CHECK(deviceMember() == acc_deviceptr(values));

  Field *f = &field;
#pragma acc parallel loop present(f[0:1])
  for (int i = 0; i < n; ++i)
    f->v[i] += 1;

  acc_attach_async(reinterpret_cast<void **>(&field.v), 1);
  acc_wait(1);
  acc_detach(reinterpret_cast<void **>(&field.v));
  CHECK(deviceMember() == acc_deviceptr(values)); // attached once more
  acc_detach_async(reinterpret_cast<void **>(&field.v), 1);
  acc_wait(1);
  CHECK(deviceMember() == values);

  acc_attach(reinterpret_cast<void **>(&field.v));
  acc_attach(reinterpret_cast<void **>(&field.v));
  acc_detach_finalize_async(reinterpret_cast<void **>(&field.v), 2);
  acc_wait(2);
  CHECK(deviceMember() == values);
  acc_attach(reinterpret_cast<void **>(&field.v));
  acc_detach_finalize(reinterpret_cast<void **>(&field.v));
  CHECK(deviceMember() == values);

  acc_copyout(values, sizeof values);
  acc_delete(&field, sizeof field);
  for (int i = 0; i < n; ++i)
    CHECK(values[i] == i + 1.0);
  return report();
}
