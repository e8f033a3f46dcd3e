// C: a `loop` nested in a region's iteration runs in order inside it, except
// one that is the iteration's whole body, independent and rectangular: it
// joins the region's loop into one collapsed loop, as in C++ (PolyBench's
// `loop` over i around `loop` over j). The remarks say which; a racy inner
// loop warns and stays in order; a pivot loop around inner loops is found.
// RUN: %ferry-clang -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not='collapse(2)'
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=QUIET
// QUIET-NOT: remark

enum { N = 64, M = 48 };
double A[N][M], B[N][M], x[M], y[N];

void nests(int n, int m) {
  int i, j;
#pragma acc data copyin(B, x) copy(A, y)
  {
#pragma acc parallel
    {
// Rectangular, the whole body (declared outside, as PolyBench writes it).
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' is the whole body of the loop over 'i' and rectangular: the two run as one collapsed loop
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'loop' over a collapse(2) nest
#pragma acc loop
      for (i = 0; i < N; i++)
#pragma acc loop
        for (j = 0; j < M; j++)
          A[i][j] = 2 * B[i][j];
    }
// The same with braces, levels named and the variables declared in the loops.
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' is the whole body of the loop over 'i' and rectangular
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over a collapse(2) nest
#pragma acc parallel loop gang
    for (int i = 0; i < n; i++) {
#pragma acc loop vector
      for (int j = 0; j < m; j++) {
        A[i][j] += B[i][j];
      }
    }
// Not the whole body: in order inside the iteration.
// CHECK: c-nested-loops.c:[[@LINE+5]]:{{.*}} 'loop' over 'j' nested in a region's iteration: in order inside it
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i'
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
      double s = x[0];
#pragma acc loop
      for (int j = 0; j < M; j++)
        A[i][j] = s * B[i][j];
    }
// Triangular (the inner bound uses i): in order.
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' nested in a region's iteration: in order inside it
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i'
#pragma acc parallel loop
    for (int i = 0; i < M; i++)
#pragma acc loop
      for (int j = 0; j <= i; j++)
        A[i][j] = B[i][j];
// A reduction of its own: in order (its result is the iteration's).
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' nested in a region's iteration: in order inside it
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i'
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
#pragma acc loop reduction(+:y[i])
      for (int j = 0; j < M; j++)
        y[i] += A[i][j] * x[j];
// Every iteration updates one element: the warning, in order, never joined.
// CHECK: c-nested-loops.c:[[@LINE+5]]:{{.*}} warning: {{.*}}'j'{{.*}}y[i]
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' nested in a region's iteration: in order inside it
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i'
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
#pragma acc loop
      for (int j = 0; j < M; j++)
        y[i] = y[i] + A[i][j] * x[j];
// `seq`: in order, as written (no remark of its own).
// CHECK-NOT: c-nested-loops.c:[[@LINE+4]]
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i'
#pragma acc parallel loop
    for (int i = 1; i < N; i++)
#pragma acc loop seq
      for (int j = 1; j < M; j++)
        A[i][j] = A[i][j - 1] + B[i][j];
  }
}
