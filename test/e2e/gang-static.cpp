// gang(num: n), gang(n), gang(static: n) and gang(static: *) on the loops
// users write: a flat loop, a loop with a reduction, a chunk larger than the
// loop, a chunk that does not divide it, a collapsed nest, a gang loop with a
// vector loop nested in it (one iteration per gang), a loop of a `parallel`
// construct, and num_gangs next to static. Every element is written exactly
// once and every result equals the host's.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <vector>

constexpr int N = 1000, M = 37;
static int hits[N];

int main() {
  std::vector<double> xv(N), yv(N, 1.0), av(M * M, 0.0), rv(M, 0.0);
  double *x = xv.data(), *y = yv.data(), *a = av.data(), *rows = rv.data();
  for (int i = 0; i < N; ++i)
    x[i] = i % 17 - 8;

  // Chunks of 3 (does not divide N), of 64, of 5000 (more than N), default.
  for (int chunk : {3, 64, 5000}) {
    for (int i = 0; i < N; ++i)
      hits[i] = 0;
#pragma acc parallel loop gang(static: chunk) copy(hits)
    for (int i = 0; i < N; ++i)
      hits[i] += i + 1;
    for (int i = 0; i < N; ++i)
      CHECK(hits[i] == i + 1);
  }
#pragma acc parallel loop gang(static: *) copy(hits)
  for (int i = N - 1; i >= 0; --i)
    hits[i] -= 1;
  for (int i = 0; i < N; ++i)
    CHECK(hits[i] == i);

  // num: and static: together, with a reduction; gang(7) alone.
  double dot = 0;
#pragma acc parallel loop gang(num: 5, static: 16) copyin(x[0:N], y[0:N]) reduction(+:dot)
  for (int i = 0; i < N; ++i)
    dot += x[i] * y[i];
  double dotr = 0;
  for (int i = 0; i < N; ++i)
    dotr += x[i] * y[i];
  CHECK(dot == dotr);
#pragma acc parallel loop gang(7) copy(y[0:N])
  for (int i = 0; i < N; i += 2)
    y[i] *= 2;
  for (int i = 0; i < N; ++i)
    CHECK(y[i] == (i % 2 ? 1.0 : 2.0));

  // A collapsed nest in chunks of 10 (the chunks cross rows), num_gangs too.
#pragma acc parallel loop collapse(2) gang(static: 10) num_gangs(3) copy(a[0:M * M])
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < M; ++j)
      a[i * M + j] += i * M + j;
  for (int i = 0; i < M * M; ++i)
    CHECK(a[i] == i);

  // A gang loop whose iterations hold a vector loop: chunks of 4 rows.
#pragma acc parallel loop gang(static: 4) copyin(a[0:M * M]) copyout(rows[0:M])
  for (int i = 0; i < M; ++i) {
    double s = 0;
#pragma acc loop vector reduction(+:s)
    for (int j = 0; j < M; ++j)
      s += a[i * M + j];
    rows[i] = s;
  }
  for (int i = 0; i < M; ++i) {
    double s = 0;
    for (int j = 0; j < M; ++j)
      s += i * M + j;
    CHECK(rows[i] == s);
  }

  // In a `parallel` construct with num_gangs, a time loop around it.
#pragma acc parallel num_gangs(4) copy(y[0:N])
  {
    for (int t = 0; t < 3; ++t) {
#pragma acc loop gang(static: 2)
      for (int i = 0; i < N; ++i)
        y[i] += 1;
    }
  }
  for (int i = 0; i < N; ++i)
    CHECK(y[i] == (i % 2 ? 4.0 : 5.0));
  return report();
}
