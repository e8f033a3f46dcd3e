// Whose copy each private section is, as the region declares it: the
// region's own clause per gang; a vector loop's per work-item; a worker
// loop's (by clause, or a middle loop holding vector loops) per worker, with
// the sections of the loops in order in its code; a loop in order in a
// vector loop per work-item; a `kernels` nested loop that carries a
// dependence runs in order, its section the code around it's (the gang's,
// or the worker's); one whose writes are all to its private section is
// proven independent and spread (per work-item).
// RUN: %ferry-clangxx -E %s | %FileCheck %s
// RUN: %ferry-clangxx -Rpass-missed=ferry -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=REMARK

constexpr int N = 16, M = 40;
double A[N][N][M], B[N][N][M];

void levels(double *g, double *w, double *v, double *s, double *t) {
#pragma acc parallel loop gang copyin(A) copyout(B) private(g[0:M])
  for (int i = 0; i < N; ++i) {
#pragma acc loop worker private(w[0:M])
    for (int j = 0; j < N; ++j) {
#pragma acc loop seq private(s[0:2])
      for (int k = 0; k < 2; ++k)
        s[k] = w[k] = g[k] = A[i][j][k];
#pragma acc loop vector private(v[0:4])
      for (int k = 0; k < M; ++k) {
#pragma acc loop seq private(t[0:1])
        for (int l = 0; l < 1; ++l)
          t[l] = v[0] = A[i][j][k];
        B[i][j][k] = v[0] + t[0];
      }
    }
  }
}
// CHECK-LABEL: void levels(
// CHECK-DAG: private_section < false , :: ferry :: acc :: private_scope :: gang > ( __ferry_region , __ferry_privates , "private(g[0:M])"
// CHECK-DAG: private_section < false , :: ferry :: acc :: private_scope :: worker > ( __ferry_region , __ferry_privates , "private(w[0:M])"
// CHECK-DAG: private_section < false , :: ferry :: acc :: private_scope :: worker > ( __ferry_region , __ferry_privates , "private(s[0:2])"
// CHECK-DAG: private_section < false , :: ferry :: acc :: private_scope :: work_item > ( __ferry_region , __ferry_privates , "private(v[0:4])"
// CHECK-DAG: private_section < false , :: ferry :: acc :: private_scope :: work_item > ( __ferry_region , __ferry_privates , "private(t[0:1])"

// Three levels without clauses: the middle loop is the worker loop once its
// body shows a vector loop, which comes after the `seq` loop.
void byPosition(double *w, double *s) {
#pragma acc parallel loop copyin(A) copyout(B)
  for (int i = 0; i < N; ++i) {
#pragma acc loop private(w[0:M])
    for (int j = 0; j < N; ++j) {
#pragma acc loop seq private(s[0:1])
      for (int k = 0; k < 1; ++k)
        s[k] = w[k] = 1;
#pragma acc loop
      for (int k = 0; k < M; ++k)
        B[i][j][k] = A[i][j][k] * w[0];
    }
  }
}
// CHECK-LABEL: void byPosition(
// CHECK-DAG: private_scope :: worker > ( __ferry_region , __ferry_privates , "private(w[0:M])"
// CHECK-DAG: private_scope :: worker > ( __ferry_region , __ferry_privates , "private(s[0:1])"

// A middle loop without vector loops: a vector loop, its copies per
// work-item.
void twoLevels(double *w) {
#pragma acc parallel loop copyin(A) copyout(B)
  for (int i = 0; i < N; ++i) {
#pragma acc loop private(w[0:1])
    for (int j = 0; j < N; ++j) {
      w[0] = A[i][j][0];
      B[i][j][0] = w[0];
    }
  }
}
// CHECK-LABEL: void twoLevels(
// CHECK: private_scope :: work_item > ( __ferry_region , __ferry_privates , "private(w[0:1])"

// kernels: the first nested loop writes only its private section and
// B[i][j] (proven, spread); the second carries a dependence along j (in
// order in the gang's code, so its section is the gang's).
void kernelsNests(double *a, double *b) {
#pragma acc kernels copyin(A[0:N]) copy(B[0:N])
  {
#pragma acc loop independent
    for (int i = 0; i < N; ++i) {
// REMARK-DAG: private-sections-scopes.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: {{.*}}; iterations proven independent
#pragma acc loop private(a[0:2])
      for (int j = 0; j < N; ++j) {
        a[0] = A[i][j][0];
        a[1] = a[0] * 2;
        B[i][j][0] = a[1];
      }
// REMARK-DAG: private-sections-scopes.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' not parallelized: loop-carried dependence on 'B'
#pragma acc loop private(b[0:1])
      for (int j = 1; j < N; ++j) {
        b[0] = B[i][j - 1][1];
        B[i][j][1] = b[0] + A[i][j][1];
      }
    }
  }
}
// CHECK-LABEL: void kernelsNests(
// CHECK-DAG: private_scope :: work_item > ( __ferry_region , __ferry_privates , "private(a[0:2])"
// CHECK-DAG: private_scope :: gang > ( __ferry_region , __ferry_privates , "private(b[0:1])"
