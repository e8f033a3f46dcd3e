// Conformance style: reduction(&&) and reduction(||) on int and bool
// variables, on parallel loop and on a vector loop nested in a gang loop,
// for all-true, all-false and mixed data.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  int *a = new int[n];
  for (int pass = 0; pass < 3; ++pass) {
    for (int x = 0; x < n; ++x)
      a[x] = pass == 0 ? 1 : pass == 1 ? 0 : (rand() % 1000 != 0);
    int all = 1, any = 0;
    bool ball = true, bany = false;
#pragma acc parallel loop copyin(a[0:n]) reduction(&&:all, ball) reduction(||:any, bany)
    for (int x = 0; x < n; ++x) {
      all = all && a[x];
      any = any || a[x];
      ball = ball && (a[x] != 0);
      bany = bany || (a[x] != 0);
    }
    int hall = 1, hany = 0;
    for (int x = 0; x < n; ++x) {
      hall = hall && a[x];
      hany = hany || a[x];
    }
    if ((all != 0) != (hall != 0) || (any != 0) != (hany != 0))
      err += 1;
    if (ball != (hall != 0) || bany != (hany != 0))
      err += 1;
  }
  delete[] a;
  return err;
}

int test2() {
  int err = 0;
  char *a = new char[n];
  int *out = new int[100];
  for (int x = 0; x < n; ++x)
    a[x] = (x % 100 != 37) || (x / 100) % 2;
#pragma acc parallel loop gang copyin(a[0:n]) copyout(out[0:100])
  for (int g = 0; g < 100; ++g) {
    int all = 1;
#pragma acc loop vector reduction(&&:all)
    for (int y = 0; y < 100; ++y)
      all = all && a[g * 100 + y];
    out[g] = all;
  }
  for (int g = 0; g < 100; ++g)
    if ((out[g] != 0) != (g % 2 == 1))
      err += 1;
  delete[] a;
  delete[] out;
  return err;
}

int main() {
  int failcode = 0;
  srand(10);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}
