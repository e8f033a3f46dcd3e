// Conformance style: declare create and copyin at global scope with
// update device/self, declare copyin/create/copy/present in functions,
// declare device_resident, and a global array used in a routine.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

#define GN 1000
real_t g_table[GN];
#pragma acc declare create(g_table)
int g_coef[4] = {1, 2, 3, 4};
#pragma acc declare copyin(g_coef)
real_t g_scale = 2.0;
#pragma acc declare create(g_scale)

#pragma acc routine seq
real_t lookup(int x) { return g_table[x % GN] * g_scale; }

int test1() {
  int err = 0;
  for (int x = 0; x < GN; ++x)
    g_table[x] = x;
#pragma acc update device(g_table[0:GN], g_scale)
  real_t *b = new real_t[n];
#pragma acc parallel loop copyout(b[0:n])
  for (int x = 0; x < n; ++x)
    b[x] = lookup(x) + g_coef[x % 4];
  for (int x = 0; x < n; ++x)
    if (b[x] != (x % GN) * 2.0 + (x % 4 + 1))
      err += 1;
#pragma acc parallel loop present(g_table)
  for (int x = 0; x < GN; ++x)
    g_table[x] = -x;
  if (!conf_shared() && g_table[5] != 5)
    err += 1;
#pragma acc update self(g_table)
  if (g_table[5] != -5)
    err += 1;
  if (!acc_is_present(g_table, sizeof(g_table)) || !acc_is_present(&g_scale, sizeof(real_t)))
    err += 1;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  real_t a[GN], b[GN], c[GN];
  for (int x = 0; x < GN; ++x) {
    a[x] = x;
    b[x] = 0;
    c[x] = 1;
  }
#pragma acc declare copyin(a) create(b) copy(c)
  {
#pragma acc parallel loop present(a, b, c)
    for (int x = 0; x < GN; ++x) {
      b[x] = a[x] * 2;
      c[x] += b[x];
    }
  }
  // c is copied back when the function returns; within the function the
  // host copy is unchanged on a discrete device.
  if (!acc_is_present(c, sizeof(c)))
    err += 1;
#pragma acc update self(c)
  for (int x = 0; x < GN; ++x)
    if (c[x] != 1 + 2 * x)
      err += 1;
  return err;
}

void declare_section(real_t *p, int len) {
#pragma acc declare copy(p[0:len])
#pragma acc parallel loop present(p[0:len])
  for (int x = 0; x < len; ++x)
    p[x] += 10;
}

int test3() {
  int err = 0;
  real_t *p = new real_t[n];
  for (int x = 0; x < n; ++x)
    p[x] = x;
  declare_section(p, n);
  for (int x = 0; x < n; ++x)
    if (p[x] != x + 10)
      err += 1;
  if (!conf_shared() && acc_is_present(p, n * sizeof(real_t)))
    err += 1;
  delete[] p;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}
