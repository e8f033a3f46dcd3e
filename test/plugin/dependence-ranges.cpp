// A loop whose variable counts up from an invariant row plus a positive
// constant never writes that row: reading it does not make the iterations
// depend on each other (LU's trailing update reads row k and column k while
// it writes rows and columns from k + 1). Starting at the row itself, or a
// row that changes in the loop, is still a dependence.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clang -x c -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s

void update(double (*A)[64], int n, int k) {
// CHECK: dependence-ranges.cpp:[[#@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over a collapse(2) nest, iterations proven independent
#pragma acc kernels copy(A[0:n][0:64])
  for (int i = k + 1; i < n; i++)
    for (int j = k + 1; j < n; j++)
      A[i][j] = A[i][j] - A[i][k] * A[k][j];
// CHECK: dependence-ranges.cpp:[[#@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: loop-carried dependence on 'A': it is written as A[i][j] and accessed as A[k][j]
#pragma acc kernels copy(A[0:n][0:64])
  for (int i = k; i < n; i++)
    for (int j = k + 1; j < n; j++)
      A[i][j] = A[i][j] - A[i][k] * A[k][j];
// CHECK: dependence-ranges.cpp:[[#@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: loop-carried dependence on 'A': it is written as A[i][0] and accessed as A[i-1][0]
#pragma acc kernels copy(A[0:n][0:64])
  for (int i = k + 1; i < n; i += 1) {
    int k = i - 1;
    A[i][0] = A[k][0] + 1;
  }
}
