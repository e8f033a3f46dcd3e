// Conformance style: private of scalars and of a fixed-size array on
// parallel loop and on a gang loop with a vector loop inside (the array
// filled by the vector loop and read back by the gang), private of an
// array section of a pointer, and firstprivate of scalars and of an
// array whose copies start from the host values and never come back.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
  real_t tmp = -1;
  real_t work[10];
#pragma acc parallel loop copyin(a[0:n]) copyout(b[0:n]) private(tmp, work)
  for (int x = 0; x < n; ++x) {
    tmp = a[x] * 2;
    for (int k = 0; k < 10; ++k)
      work[k] = tmp + k;
    real_t s = 0;
    for (int k = 0; k < 10; ++k)
      s += work[k];
    b[x] = s;
  }
  for (int x = 0; x < n; ++x)
    if (fabs(b[x] - (20 * a[x] + 45)) > PRECISION * 100)
      err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  const int rows = 100, cols = 100;
  real_t *a = new real_t[rows * cols], *out = new real_t[rows];
  for (int x = 0; x < rows * cols; ++x)
    a[x] = conf_rand();
  real_t row[cols];
#pragma acc parallel num_gangs(10) copyin(a[0:rows * cols]) copyout(out[0:rows])
  {
#pragma acc loop gang private(row)
    for (int r = 0; r < rows; ++r) {
#pragma acc loop vector
      for (int c = 0; c < cols; ++c)
        row[c] = a[r * cols + c] * a[r * cols + c];
      real_t s = 0;
#pragma acc loop vector reduction(+:s)
      for (int c = 0; c < cols; ++c)
        s += row[c];
      out[r] = s;
    }
  }
  for (int r = 0; r < rows; ++r) {
    real_t s = 0;
    for (int c = 0; c < cols; ++c)
      s += a[r * cols + c] * a[r * cols + c];
    if (fabs(out[r] - s) > PRECISION * 100)
      err += 1;
  }
  real_t *scratch = new real_t[cols];
#pragma acc parallel loop gang copyin(a[0:rows * cols]) copyout(out[0:rows]) private(scratch[0:cols])
  for (int r = 0; r < rows; ++r) {
#pragma acc loop vector
    for (int c = 0; c < cols; ++c)
      scratch[c] = a[r * cols + c] + 1;
    real_t s = 0;
#pragma acc loop seq
    for (int c = 0; c < cols; ++c)
      s += scratch[c];
    out[r] = s;
  }
  for (int r = 0; r < rows; ++r) {
    real_t s = 0;
    for (int c = 0; c < cols; ++c)
      s += a[r * cols + c] + 1;
    if (fabs(out[r] - s) > PRECISION * 100)
      err += 1;
  }
  delete[] a;
  delete[] out;
  delete[] scratch;
  return err;
}

int test3() {
  int err = 0;
  real_t *b = new real_t[n];
  real_t start = 5.0;
  int offs[4] = {1, 2, 3, 4};
#pragma acc parallel loop copyout(b[0:n]) firstprivate(start, offs)
  for (int x = 0; x < n; ++x) {
    start += offs[x % 4];
    offs[x % 4] = 100;
    b[x] = start;
  }
  for (int x = 0; x < n; ++x)
    if (b[x] < 6.0)
      err += 1;
  if (start != 5.0 || offs[0] != 1 || offs[3] != 4)
    err += 1;
  real_t fp = 2.0;
#pragma acc parallel firstprivate(fp) copyout(b[0:n])
  {
#pragma acc loop
    for (int x = 0; x < n; ++x)
      b[x] = fp * x;
  }
  for (int x = 0; x < n; ++x)
    if (b[x] != 2.0 * x)
      err += 1;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  srand(20);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}
