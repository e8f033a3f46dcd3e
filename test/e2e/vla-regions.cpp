// Variable-length arrays (clang's extension in C++) in compute regions:
// named whole in data clauses (copy(a), copyin(m) of a 2-D one), with a
// section (copy(a[0:n])), used without a clause (implicitly copy, as a C
// array), in `data` and `update`, private(a) and firstprivate(a), and a
// stencil with a time loop in a `parallel` construct. In templates too, an
// array whose length is dependent (`int x[n]` of a `T n`: a VLA at
// instantiation, which was copied into the closure, "variable-sized object
// may not be initialized"; `T x[N]` of a template parameter N): implicitly
// copy, as the others.
// RUN: %ferry-clangxx -O2 -Wno-vla-cxx-extension %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <cstdlib>

void run(int n, int k, int steps) {
  double a[n], b[n];
  double m[n][k];
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 0;
    for (int j = 0; j < k; ++j)
      m[i][j] = i + j;
  }
  // Whole arrays in data clauses; the rows of m have a run-time length.
#pragma acc parallel loop copy(a) copyin(m)
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = 0; j < k; ++j)
      s += m[i][j];
    a[i] += s;
  }
  const double rowBase = k * (k - 1) / 2.0;
  for (int i = 0; i < n; ++i)
    CHECK(a[i] == i + k * i + rowBase);

  // Sections.
#pragma acc parallel loop copy(b[0:n]) copyin(a[0:n])
  for (int i = 0; i < n; ++i)
    b[i] = 2 * a[i];
  for (int i = 0; i < n; ++i)
    CHECK(b[i] == 2 * a[i]);
#pragma acc parallel loop copyin(m[2:n - 4]) copy(b[1:n - 2])
  for (int i = 2; i < n - 2; ++i)
    b[i] = m[i][k - 1];
  for (int i = 2; i < n - 2; ++i)
    CHECK(b[i] == i + k - 1);

  // No clause: copy, as for an array of constant size; sizeof works.
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    b[i] = m[i][0] + sizeof(a) / sizeof(a[0]);
  for (int i = 0; i < n; ++i)
    CHECK(b[i] == i + n);
#pragma acc kernels
  {
    for (int i = 0; i < n; ++i)
      b[i] = -m[i][k - 1];
  }
  for (int i = 0; i < n; ++i)
    CHECK(b[i] == -(i + k - 1));

  // private and firstprivate of whole variable-length arrays.
  double t[k];
#pragma acc parallel loop copyout(b) private(t) firstprivate(a)
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < k; ++j)
      t[j] = i * j;
    a[i] += 1;
    b[i] = t[k - 1] + a[i];
  }
  for (int i = 0; i < n; ++i) {
    CHECK(b[i] == i * (k - 1) + (i + k * i + rowBase) + 1);
    CHECK(a[i] == i + k * i + rowBase);
  }

  // data and update.
#pragma acc data copy(a)
  {
#pragma acc parallel loop
    for (int i = 0; i < n; ++i)
      a[i] = -i;
#pragma acc update self(a[0:n])
    CHECK(a[3] == -3);
  }

  // A stencil with a time loop: the steps run on the host, each sweep is a
  // region.
  double u[n], v[n], ref[n], next[n];
  for (int i = 0; i < n; ++i)
    u[i] = v[i] = ref[i] = (i == n / 2) ? 1.0 : 0.0;
  for (int s = 0; s < steps; ++s) {
    for (int i = 1; i < n - 1; ++i)
      next[i] = 0.25 * ref[i - 1] + 0.5 * ref[i] + 0.25 * ref[i + 1];
    for (int i = 1; i < n - 1; ++i)
      ref[i] = next[i];
  }
#pragma acc parallel copy(u) create(v)
  {
    for (int s = 0; s < steps; ++s) {
#pragma acc loop
      for (int i = 1; i < n - 1; ++i)
        v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
#pragma acc loop
      for (int i = 1; i < n - 1; ++i)
        u[i] = v[i];
    }
  }
  for (int i = 0; i < n; ++i)
    CHECK(near(u[i], ref[i]));
}

template <typename T> T squares(T n) {
  T x[n];
#pragma acc parallel loop
  for (T i = 0; i < n; ++i)
    x[i] = i * i;
  T s = 0;
  for (T i = 0; i < n; ++i)
    s += x[i];
  return s;
}

template <int N> int fixed() {
  int x[N];
#pragma acc parallel loop
  for (int i = 0; i < N; ++i)
    x[i] = 2 * i;
  return x[N - 1];
}

int main(int argc, char **) {
  run(500 + argc, 7, 20);
  run(33, 1, 3);
  CHECK(squares(99 + argc) == 328350);
  CHECK(fixed<64>() == 126);
  return report();
}
