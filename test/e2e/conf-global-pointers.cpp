// Conformance style: global and static pointers to data entered with
// enter data, used in regions under default(present) and without clauses,
// a namespace-scope pointer (named through a using-declaration), and
// global arrays in data clauses.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

real_t *g_a;
static real_t *s_b;
namespace space {
real_t *c;
}
using space::c; // data clauses take no qualified names (refused)
real_t g_arr[1000];

int test1() {
  int err = 0;
  g_a = new real_t[n];
  s_b = new real_t[n];
  space::c = new real_t[n];
  for (int x = 0; x < n; ++x) {
    g_a[x] = x;
    s_b[x] = 0;
    space::c[x] = 0;
  }
#pragma acc enter data copyin(g_a[0:n]) create(s_b[0:n], c[0:n])
#pragma acc parallel loop default(present)
  for (int x = 0; x < n; ++x)
    s_b[x] = g_a[x] * 2;
#pragma acc parallel loop
  for (int x = 0; x < n; ++x)
    space::c[x] = s_b[x] + 1;
#pragma acc exit data copyout(s_b[0:n], c[0:n]) delete(g_a[0:n])
  for (int x = 0; x < n; ++x)
    if (s_b[x] != 2.0 * x || space::c[x] != 2.0 * x + 1)
      err += 1;
  delete[] g_a;
  delete[] s_b;
  delete[] space::c;
  return err;
}

int test2() {
  int err = 0;
  for (int x = 0; x < 1000; ++x)
    g_arr[x] = x;
#pragma acc data copy(g_arr)
  {
#pragma acc parallel loop
    for (int x = 0; x < 1000; ++x)
      g_arr[x] = g_arr[x] * 3;
  }
  for (int x = 0; x < 1000; ++x)
    if (g_arr[x] != 3.0 * x)
      err += 1;
#pragma acc parallel loop copy(g_arr[100:200])
  for (int x = 100; x < 300; ++x)
    g_arr[x] = -1;
  for (int x = 0; x < 1000; ++x)
    if (g_arr[x] != ((x >= 100 && x < 300) ? -1.0 : 3.0 * x))
      err += 1;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}
