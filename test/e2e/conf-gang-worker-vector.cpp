// Conformance style: num_gangs, num_workers and vector_length with gang,
// worker and vector loops nested three deep, each level writing its own
// part; loop gang worker vector on one loop; worker loops alone; each
// checked for every element.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  const int G = 10, W = 10, V = 100;
  real_t *a = new real_t[G * W * V], *b = new real_t[G * W * V];
  for (int x = 0; x < G * W * V; ++x)
    a[x] = conf_rand();
#pragma acc parallel num_gangs(G) num_workers(8) vector_length(32) copyin(a[0:G * W * V]) copyout(b[0:G * W * V])
  {
#pragma acc loop gang
    for (int g = 0; g < G; ++g) {
#pragma acc loop worker
      for (int w = 0; w < W; ++w) {
#pragma acc loop vector
        for (int v = 0; v < V; ++v)
          b[(g * W + w) * V + v] = a[(g * W + w) * V + v] + g + w + v;
      }
    }
  }
  for (int g = 0; g < G; ++g)
    for (int w = 0; w < W; ++w)
      for (int v = 0; v < V; ++v)
        if (fabs(b[(g * W + w) * V + v] - (a[(g * W + w) * V + v] + g + w + v)) > PRECISION)
          err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n];
#pragma acc parallel loop gang worker vector num_gangs(4) num_workers(4) vector_length(64) copyout(a[0:n])
  for (int x = 0; x < n; ++x)
    a[x] = 0.5 * x;
  for (int x = 0; x < n; ++x)
    if (a[x] != 0.5 * x)
      err += 1;
#pragma acc parallel num_workers(16) copy(a[0:n])
  {
#pragma acc loop worker
    for (int x = 0; x < n; ++x)
      a[x] += 1;
  }
  for (int x = 0; x < n; ++x)
    if (a[x] != 0.5 * x + 1)
      err += 1;
  const int rows = 100;
#pragma acc parallel loop gang num_gangs(rows) copy(a[0:n])
  for (int r = 0; r < rows; ++r) {
#pragma acc loop worker vector
    for (int c = 0; c < n / rows; ++c)
      a[r * (n / rows) + c] *= 2;
  }
  for (int x = 0; x < n; ++x)
    if (a[x] != 2 * (0.5 * x + 1))
      err += 1;
  delete[] a;
  return err;
}

int test3() {
  // Worker-level reduction into a gang-level array element, vector
  // reduction inside.
  int err = 0;
  const int G = 8, W = 16, V = 64;
  int *a = new int[G * W * V];
  long long *out = new long long[G];
  for (int x = 0; x < G * W * V; ++x)
    a[x] = rand() % 100;
#pragma acc parallel loop gang num_gangs(G) num_workers(4) vector_length(32) copyin(a[0:G * W * V]) copyout(out[0:G])
  for (int g = 0; g < G; ++g) {
    long long s = 0;
#pragma acc loop worker reduction(+:s)
    for (int w = 0; w < W; ++w) {
      long long t = 0;
#pragma acc loop vector reduction(+:t)
      for (int v = 0; v < V; ++v)
        t += a[(g * W + w) * V + v];
      s += t;
    }
    out[g] = s;
  }
  for (int g = 0; g < G; ++g) {
    long long s = 0;
    for (int x = 0; x < W * V; ++x)
      s += a[g * W * V + x];
    if (s != out[g])
      err += 1;
  }
  delete[] a;
  delete[] out;
  return err;
}

int main() {
  int failcode = 0;
  srand(22);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}
