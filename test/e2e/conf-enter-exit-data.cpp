// Conformance style: enter data copyin/create, acc_is_present after enter
// and exit data, reference counts with two enter data and one exit data,
// finalize, exit data delete and copyout, and acc_is_present on parts.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = 0;
  }
#pragma acc enter data copyin(a[0:n]) create(b[0:n])
  if (!acc_is_present(a, n * sizeof(real_t)) || !acc_is_present(b, n * sizeof(real_t)))
    err += 1;
  if (!acc_is_present(a + 10, 10 * sizeof(real_t)))
    err += 1;
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int x = 0; x < n; ++x)
    b[x] = a[x] + 1;
#pragma acc exit data delete(a[0:n]) copyout(b[0:n])
  if (!conf_shared() &&
      (acc_is_present(a, n * sizeof(real_t)) || acc_is_present(b, n * sizeof(real_t))))
    err += 1;
  for (int x = 0; x < n; ++x)
    if (fabs(b[x] - (a[x] + 1)) > PRECISION)
      err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = 1;
#pragma acc enter data copyin(a[0:n])
#pragma acc enter data copyin(a[0:n])
#pragma acc parallel loop present(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] = 2;
#pragma acc exit data copyout(a[0:n])
  if (!acc_is_present(a, n * sizeof(real_t)))
    err += 1; // one reference left
  if (!conf_shared() && a[0] != 1)
    err += 1; // not copied out yet
#pragma acc exit data copyout(a[0:n])
  if (!conf_shared() && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  for (int x = 0; x < n; ++x)
    if (a[x] != 2)
      err += 1;
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc enter data copyin(a[0:n])
#pragma acc enter data copyin(a[0:n])
#pragma acc enter data create(a[0:n])
#pragma acc parallel loop present(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] *= 2;
#pragma acc exit data copyout(a[0:n]) finalize
  if (!conf_shared() && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  for (int x = 0; x < n; ++x)
    if (a[x] != 2.0 * x)
      err += 1;
  delete[] a;
  return err;
}

int test4() {
  // Data entered by a data construct and by enter data: the structured
  // reference keeps it present after exit data.
  int err = 0;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc data copy(a[0:n])
  {
#pragma acc enter data copyin(a[0:n])
#pragma acc exit data delete(a[0:n])
    if (!acc_is_present(a, n * sizeof(real_t)))
      err += 1;
#pragma acc parallel loop present(a[0:n])
    for (int x = 0; x < n; ++x)
      a[x] += 1;
  }
  if (!conf_shared() && acc_is_present(a, n * sizeof(real_t)))
    err += 1;
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 1)
      err += 1;
  delete[] a;
  return err;
}

int main() {
  int failcode = 0;
  srand(3);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  failcode += CONF_RUN(test4);
  return failcode ? 1 : 0;
}
