// A parallel construct with num_gangs/num_workers/vector_length and loops
// marked gang, worker, vector and seq (the inner seq loop runs within each
// iteration).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>
#include <vector>

int main() {
  const int n = 512, m = 64;
  std::vector<double> a(n * m), rows(n), cols(m);
  double *pa = a.data(), *pr = rows.data(), *pc = cols.data();
#pragma acc parallel num_gangs(32) num_workers(4) vector_length(128) copyout(pa[0:n * m], pr[0:n], pc[0:m])
  {
#pragma acc loop gang worker
    for (int i = 0; i < n; ++i)
#pragma acc loop seq
      for (int j = 0; j < m; ++j)
        pa[i * m + j] = i - j;
#pragma acc loop gang vector
    for (int i = 0; i < n; ++i) {
      double s = 0;
      for (int j = 0; j < m; ++j)
        s += pa[i * m + j];
      pr[i] = s;
    }
#pragma acc loop vector
    for (int j = 0; j < m; ++j) {
      double s = 0;
      for (int i = 0; i < n; ++i)
        s += pa[i * m + j];
      pc[j] = s;
    }
  }
  for (int i = 0; i < n; ++i)
    CHECK(pr[i] == double(m) * i - double(m) * (m - 1) / 2);
  for (int j = 0; j < m; ++j)
    CHECK(pc[j] == double(n) * (n - 1) / 2 - double(n) * j);
  return report();
}
