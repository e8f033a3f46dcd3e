// The dependence test on loops nested in the loops of `kernels` (and on
// nested `auto` loops): a nested loop without `independent` spreads over the
// gang running the enclosing iteration when Ferry proves its iterations
// independent (its own variable the subscript that differs, the outer
// loops' variables invariant), and runs in order inside the iteration
// otherwise, with -Rpass-missed=ferry naming the dependence. The enclosing
// loop's test reads its nested loops as written.
// RUN: %ferry-clangxx -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=SHAPE
// RUN: %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: remark

constexpr int N = 64, M = 48;
double A[N][M], x[M], y[N], u[N][M], v[N][M];

void nests(double *p, double *q, int n, int m) {
#pragma acc kernels copyin(p[0:n * m], A, x) copy(q[0:n * m], y, u, v)
  {
// Matrix-vector: both loops proven, the inner one a reduction over the gang.
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+2]]:{{.*}} 'loop' over 'i', iterations proven independent, each iteration on one gang whose work-items share its nested loops
// CHECK-NOT: kernels-nested-remarks.cpp:[[@LINE+1]]
#pragma acc loop
    for (int i = 0; i < N; ++i) {
      double s = 0;
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (vector level); reductions combined over the gang's work-items: +:s; iterations proven independent
#pragma acc loop reduction(+:s)
      for (int j = 0; j < M; ++j)
        s += A[i][j] * x[j];
      y[i] = s;
    }
// A stencil nest of global arrays (distinct objects): proven, collapsed.
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+3]]:{{.*}} 'loop' over a collapse(2) nest, iterations proven independent
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+5]]:{{.*}} 'loop' over 'j' is the whole body of the loop over 'i' and rectangular
// CHECK-NOT: kernels-nested-remarks.cpp:[[@LINE+1]]
#pragma acc loop
    for (int i = 1; i < N - 1; ++i)
// CHECK-NOT: kernels-nested-remarks.cpp:[[@LINE+1]]
#pragma acc loop
      for (int j = 1; j < M - 1; ++j)
        v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
// The inner loop carries a dependence: in order inside each iteration of
// the outer one, which differs from the others in the first subscript.
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+2]]:{{.*}} 'loop' over 'i', iterations proven independent
// CHECK-NOT: kernels-nested-remarks.cpp:[[@LINE+1]]
#pragma acc loop
    for (int i = 0; i < N; ++i)
// CHECK: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'loop' over 'j' not parallelized: loop-carried dependence on 'u': it is written as u[i][j] and accessed as u[i][j-1]; its iterations run in order inside each iteration of the loop around it (write 'independent' if they are)
#pragma acc loop
      for (int j = 1; j < M; ++j)
        u[i][j] = u[i][j - 1] + v[i][j];
// The outer loop carries one: the region runs in order, its proven nested
// loop too.
// CHECK: kernels-nested-remarks.cpp:[[@LINE+2]]:{{.*}} remark: ferry: 'loop' over 'i' not parallelized: loop-carried dependence on 'u': it is written as u[i][j] and accessed as u[i-1][j]
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'i', iterations in order
#pragma acc loop
    for (int i = 1; i < N; ++i)
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: in order inside it, as the region's iterations run in order
#pragma acc loop
      for (int j = 0; j < M; ++j)
        u[i][j] = u[i - 1][j] + 1;
// Flattened rows: i*m + j for j in [0, m) is row i for the outer loop, and
// its own variable plus an invariant term for the inner one.
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+2]]:{{.*}} 'loop' over 'i', iterations proven independent, each iteration on one gang
// CHECK-NOT: kernels-nested-remarks.cpp:[[@LINE+1]]
#pragma acc loop
    for (int i = 0; i < n; ++i) {
      const double scale = p[i * m];
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (vector level); iterations proven independent
#pragma acc loop
      for (int j = 0; j < m; ++j)
        q[i * m + j] = scale * p[i * m + j];
    }
// Past the row (j + 1 reaches m): the outer loop is not proven.
// CHECK: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'loop' over 'i' not parallelized: 'q' is written at q[i*m+j+1]: Ferry proves independence only for a subscript that is the loop variable plus or minus terms that do not change in the loop
#pragma acc loop
    for (int i = 0; i < n; ++i)
#pragma acc loop
      for (int j = 0; j < m; ++j)
        q[i * m + j + 1] = p[i * m + j];
// Rows read and written at offsets that stay inside the row (j - 1 for j
// from 1, j + 1 for j below m - 1): the outer loop is proven, each inner
// one on its own.
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+3]]:{{.*}} 'loop' over 'i', iterations proven independent
// CHECK-NOT: kernels-nested-remarks.cpp:[[@LINE+2]]
// CHECK: kernels-nested-remarks.cpp:[[@LINE+3]]:{{.*}} remark: ferry: 'loop' over 'j' not parallelized: loop-carried dependence on 'q': it is written as q[i*m+j] and accessed as q[i*m+j-1]
#pragma acc loop
    for (int i = 0; i < n; ++i) {
#pragma acc loop
      for (int j = 1; j < m; ++j)
        q[i * m + j] = q[i * m + j - 1] + p[i * m + j];
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (vector level); iterations proven independent
#pragma acc loop
      for (int j = 0; j < m - 1; ++j)
        q[i * m + j + 1] = 2 * p[i * m + j];
    }
// j - 1 from j = 0 reaches the row before, and (i + 1) * m + j the row
// after: the outer loops are not proven.
// CHECK: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'loop' over 'i' not parallelized: loop-carried dependence on 'q': it is written as q[i*m+j] and accessed as q[i*m+j-1]
#pragma acc loop
    for (int i = 0; i < n; ++i)
#pragma acc loop independent
      for (int j = 0; j < m; ++j)
        q[i * m + j] = q[i * m + j - 1];
// CHECK: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'loop' over 'i' not parallelized: loop-carried dependence on 'q': it is written as q[i*m+j] and accessed as q[(i+1)*m+j]
#pragma acc loop
    for (int i = 0; i < n - 1; ++i)
#pragma acc loop independent
      for (int j = 0; j < m; ++j)
        q[i * m + j] = q[(i + 1) * m + j];
// collapse(2): each level proven with the outer one fixed.
// SHAPE-DAG: kernels-nested-remarks.cpp:[[@LINE+2]]:{{.*}} 'loop' over a collapse(2) nest, iterations proven independent
// CHECK-NOT: kernels-nested-remarks.cpp:[[@LINE+1]]
#pragma acc loop collapse(2)
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < M; ++j)
        v[i][j] = 2 * u[i][j];
// CHECK: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'loop' over 'j' (a level of its nest) not parallelized: loop-carried dependence on 'u': it is written as u[i][j] and accessed as u[i][j-1]
#pragma acc loop collapse(2)
    for (int i = 0; i < N; ++i)
      for (int j = 1; j < M; ++j)
        u[i][j] += u[i][j - 1];
// A scalar of the outer iteration assigned by the inner loop's iterations.
// CHECK: kernels-nested-remarks.cpp:[[@LINE+4]]:{{.*}} remark: ferry: 'loop' over 'j' not parallelized: the variable 'last', declared outside the loop, is assigned in its iterations
#pragma acc loop
    for (int i = 0; i < N; ++i) {
      double last = 0;
#pragma acc loop
      for (int j = 0; j < M; ++j)
        last = A[i][j];
      y[i] = last;
    }
  }
// `auto` on a nested loop of `parallel` takes the same test.
#pragma acc parallel loop copy(v)
  for (int i = 0; i < N; ++i)
// CHECK: kernels-nested-remarks.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'loop' over 'j' not parallelized: loop-carried dependence on 'v': it is written as v[i][j+1] and accessed as v[i][j]
#pragma acc loop auto
    for (int j = 0; j < M - 1; ++j)
      v[i][j + 1] = v[i][j] * 0.5;
}
