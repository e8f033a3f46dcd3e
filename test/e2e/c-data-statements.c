// C: a data construct whose statement is no block: a loop whose body
// declares what its compute constructs use (was "initializer element is not
// a compile-time constant" from Ferry's generated code: skmodel's
// `data copyin(...)` then `while (err >= delta) { double tau = ...;
// #pragma acc parallel loop ... }`), another data construct (stacked `data`
// directives: was "redefinition of '__ferry_region'"), three of them, a
// compute construct, an if/else. Ferry's braces close after the statement.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <stdio.h>

#define N 64

int main(void) {
  double w[N], v[N], u[N];
  int bad = 0, k = 0;
  for (int i = 0; i < N; i++)
    w[i] = 1, v[i] = 2, u[i] = 0;
#pragma acc data copy(w)
  for (int step = 0; step < 2; step++) {
    double tau = 0.5 * (step + 1);
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      w[i] -= tau + step;
  }
#pragma acc data copy(v)
#pragma acc data copyin(w)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      v[i] += w[i];
  }
#pragma acc data copyin(w)
#pragma acc data copyin(v)
#pragma acc data copyout(u)
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    u[i] = w[i] * v[i];
#pragma acc data copy(w)
  while (k < 5) {
    if (++k == 3)
      break;
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      w[i] += 1;
  }
#pragma acc data copy(v)
  if (k == 3) {
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
      v[i] *= 2;
  } else {
    k = -1;
  }
  for (int i = 0; i < N; i++)
    if (w[i] != 0.5 || v[i] != 1.0 || u[i] != -0.75)
      printf("%d: w %g v %g u %g, expected 0.5 1 -0.75\n", i, w[i], v[i], u[i]), ++bad;
  if (k != 3)
    printf("k %d, expected 3\n", k), ++bad;
  return bad != 0;
}
