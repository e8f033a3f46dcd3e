// C: a `loop` nested in a region's iteration that is the iteration's whole
// body, independent and rectangular joins the region's loop into one
// collapsed loop, as in C++ (PolyBench's `loop` over i around `loop` over
// j); another independent one spreads over the gang running the iteration
// (CRegion.h's form of inner_loop), with its scalar reductions; a reduction
// into an element, a racy loop (which warns) and `seq` run in order inside
// it. The remarks say which; a pivot loop around inner loops is found.
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
// Not the whole body: spread over the gang that runs the iteration.
// CHECK: c-nested-loops.c:[[@LINE+5]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (worker vector level)
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i', each iteration on one gang whose work-items share its nested loops
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
      double s = x[0];
#pragma acc loop
      for (int j = 0; j < M; j++)
        A[i][j] = s * B[i][j];
    }
// Triangular (the inner bound uses i): not joined, spread.
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i', each iteration on one gang
#pragma acc parallel loop
    for (int i = 0; i < M; i++)
#pragma acc loop
      for (int j = 0; j <= i; j++)
        A[i][j] = B[i][j];
// A reduction into an element: in order (C combines scalars over a gang).
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' nested in a region's iteration: in order inside it (in C, 'y' in its 'reduction' clause is not a variable named whole)
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i'
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
#pragma acc loop reduction(+:y[i])
      for (int j = 0; j < M; j++)
        y[i] += A[i][j] * x[j];
// Every iteration updates one element: the warning, in order, never joined.
// CHECK: c-nested-loops.c:[[@LINE+5]]:{{.*}} warning: {{.*}}'j'{{.*}}y[i]
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' nested in a region's iteration: in order inside it (it is 'seq' or not independent
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i'
#pragma acc parallel loop
    for (int i = 0; i < N; i++)
#pragma acc loop
      for (int j = 0; j < M; j++)
        y[i] = y[i] + A[i][j] * x[j];
// A reduction on a whole array: in order.
// CHECK: c-nested-loops.c:[[@LINE+4]]:{{.*}} 'loop' over 'j' nested in a region's iteration: in order inside it (in C, its reduction variable 'sums' is not a scalar)
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
      double sums[2] = {0, 0};
#pragma acc loop reduction(+:sums)
      for (int j = 0; j < M; j++)
        sums[j % 2] += A[i][j];
      y[i] = sums[0] - sums[1];
    }
// A scalar reduction with statements around: spread, combined over the gang.
// CHECK: c-nested-loops.c:[[@LINE+5]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (worker vector level); reductions combined over the gang's work-items: +:s
// CHECK: c-nested-loops.c:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i', each iteration on one gang
#pragma acc parallel loop
    for (int i = 0; i < N; i++) {
      double s = 0;
#pragma acc loop reduction(+:s)
      for (int j = 0; j < M; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
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
