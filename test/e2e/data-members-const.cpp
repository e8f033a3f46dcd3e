// A const struct whose members the data clauses name: the struct is copied
// to the device implicitly (its pointer members attached there) but never
// back, since the program cannot write it — here it lives in read-only
// memory, where a copy back would end the program. A const struct reached
// through a pointer to const, the same.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

struct Table {
  const double *values;
  int n;
};

constexpr int N = 1000;
static double Values[N];
static const Table Coefficients = {Values, N}; // read-only after relocation

double weightedSum(const Table *t, const double *x) {
  double sum = 0;
#pragma acc parallel loop copyin(t->values[0:t->n], x[0:N]) reduction(+ : sum)
  for (int i = 0; i < N; ++i)
    sum += t->values[i] * x[i];
  return sum;
}

int main() {
  double x[N], y[N];
  for (int i = 0; i < N; ++i) {
    Values[i] = 0.5 * i;
    x[i] = 1.0 / (i + 1);
  }
#pragma acc parallel loop copyin(Coefficients.values[0:Coefficients.n]) copyout(y[0:N])
  for (int i = 0; i < N; ++i)
    y[i] = 2 * Coefficients.values[i];
  for (int i = 0; i < N; ++i)
    CHECK(y[i] == i);
  CHECK(Coefficients.values == Values && Coefficients.n == N);

  double want = 0;
  for (int i = 0; i < N; ++i)
    want += Values[i] * x[i];
  CHECK(near(weightedSum(&Coefficients, x), want));
  return report();
}
