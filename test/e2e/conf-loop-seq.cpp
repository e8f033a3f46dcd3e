// Conformance style: loop seq inside parallel (an outer parallel loop with
// an inner recurrence run in order), parallel loop seq, an outer seq loop
// around an inner gang vector loop, and vector_length(1).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  const int rows = 100, cols = n / 100;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = conf_rand();
#pragma acc parallel loop copy(a[0:n])
  for (int r = 0; r < rows; ++r) {
#pragma acc loop seq
    for (int c = 1; c < cols; ++c)
      a[r * cols + c] += a[r * cols + c - 1];
  }
  srand(13);
  for (int r = 0; r < rows; ++r) {
    real_t s = 0;
    for (int c = 0; c < cols; ++c) {
      s += conf_rand();
      if (fabs(a[r * cols + c] - s) > PRECISION * 100)
        err += 1;
    }
  }
  delete[] a;
  return err;
}

int test2() {
  int err = 0;
  int *a = new int[n];
  a[0] = 1;
#pragma acc parallel loop seq copy(a[0:n])
  for (int x = 1; x < n; ++x)
    a[x] = (a[x - 1] * 3) % 1001;
  int v = 1;
  for (int x = 1; x < n; ++x) {
    v = (v * 3) % 1001;
    if (a[x] != v)
      err += 1;
  }
  delete[] a;
  return err;
}

int test3() {
  int err = 0;
  const int steps = 10;
  real_t *a = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc parallel copy(a[0:n])
  {
#pragma acc loop seq
    for (int s = 0; s < steps; ++s) {
#pragma acc loop gang vector
      for (int x = 0; x < n; ++x)
        a[x] = a[x] + s;
    }
  }
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 45)
      err += 1;
  int *b = new int[n];
  b[0] = 0;
#pragma acc parallel loop vector_length(1) num_gangs(1) copy(b[0:n])
  for (int x = 1; x < n; ++x)
    b[x] = b[x - 1] + 1;
  for (int x = 0; x < n; ++x)
    if (b[x] != x)
      err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int main() {
  int failcode = 0;
  srand(13);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}
