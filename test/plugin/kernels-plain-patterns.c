// The `kernels` plain loops that the dependence test proves independent in
// the styles of legacy code (conditional max/min, counts, members of array
// elements, calls of functions that only compute a value, scalar
// temporaries assigned before use), and the near misses it must not prove,
// each with the reason -Rpass-missed=ferry gives. test/e2e/kernels-plain-patterns.c
// runs the proven forms.
// RUN: %ferry-clang -std=c99 -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clang -std=c99 -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=SHAPE
// RUN: %ferry-clangxx -x c++ -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s

#include <math.h>

typedef struct {
  double x, v[2];
  double *p;
} Item;

#define IDX(i, j) ((i) * n + (j))
#define IDX3(i, j, k) (((i) * n + (j)) * n + (k))

static int calls;
static double pure(double v, int k) { return v * k + 1; }
static double twice(double *v) { *v *= 2; return *v; }
#pragma acc routine seq
double elsewhere(double v);
static double through(const double *v) { return v[0]; }
static double globalRead(double v) { return v + calls; }

void f(double *a, double *b, Item *it, int n) {
  double m = 0, t = 0, t2 = 0, t3 = 0;
  int k = 0, i, j;
#pragma acc kernels copy(a[0:n], b[0:n], it[0:n])
  {
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent{{.*}}reductions: max:m
    for (i = 0; i < n; ++i)
      if (m < a[i]) m = a[i];
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent{{.*}}reductions: min:m
    for (i = 0; i < n; ++i)
      m = a[i] < m ? a[i] : m;
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent{{.*}}reductions: +:k
    for (i = 0; i < n; ++i)
      if (a[i] > 0) k++;
    // (`++k;` as the loop's last statement: JRWynneIII's Monte Carlo pi.)
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent{{.*}}reductions: +:k
    for (i = 0; i < n; ++i)
      if (a[i] > 0) ++k;
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent
    for (i = 0; i < n; ++i)
      it[i].x = it[i].x * 2;
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent
    for (i = 0; i < n; ++i)
      b[i] = pure(a[i], 3);
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent
    for (i = 0; i < n; ++i) {
      t = a[i] + 1;
      b[i] = t * t;
    }
    // Flattened arrays through macros: rows, and rows of rows.
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over a collapse(2) nest, iterations proven independent
    for (i = 0; i < n; ++i)
      for (j = 0; j < n; ++j)
        b[IDX(i, j)] = a[IDX(i, j)] * 2;
    // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} over 'i', iterations proven independent
    for (i = 0; i < n; ++i)
      for (j = 0; j < n; ++j)
        for (k = 0; k < n; ++k)
          b[IDX3(i, j, k)] = 1;
    // The near misses.
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: loop-carried dependence on 'b': it is written as b[(i*n+j)*n+k] and accessed as b[((i-1)*n+j)*n+k]
    for (i = 1; i < n; ++i)
      for (j = 0; j < n; ++j)
        for (k = 0; k < n; ++k)
          b[IDX3(i, j, k)] = b[IDX3(i - 1, j, k)];
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: the variable 'm', declared outside the loop, is assigned in its iterations
    for (i = 0; i < n; ++i)
      if (a[i] > m) m = a[i]; else k = i;
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: the variable 'm', declared outside the loop, is assigned in its iterations
    for (i = 0; i < n; ++i)
      if (a[i] > m) m = b[i];
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: it uses '.' on 'it' other than to name a member of an element or a variable
    for (i = 0; i < n; ++i)
      it[i].v[0] = 1;
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: it uses '.' on 'it' other than to name a member of an element or a variable
    for (i = 0; i < n; ++i)
      it[i].p[0] = 1;
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: it calls 'twice', which may write memory
    for (i = 0; i < n; ++i)
      b[i] = twice(&a[i]);
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: it calls 'elsewhere', which may write memory
    for (i = 0; i < n; ++i)
      b[i] = elsewhere(a[i]);
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: it calls 'through', which may write memory
    for (i = 0; i < n; ++i)
      b[i] = through(&a[i]);
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: it calls 'globalRead', which may write memory
    for (i = 0; i < n; ++i)
      b[i] = globalRead(a[i]);
    // Read before it is assigned: the value comes from the iteration before.
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: the variable 't2', declared outside the loop, is assigned in its iterations
    for (i = 0; i < n; ++i) {
      b[i] = t2;
      t2 = a[i];
    }
    // Assigned in some iterations only.
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} not parallelized: the variable 't3', declared outside the loop, is assigned in its iterations
    for (i = 0; i < n; ++i) {
      if (a[i] > 0)
        t3 = a[i];
      b[i] = t3;
    }
    // CHECK: patterns.c:[[@LINE+1]]:{{.*}} plain loop in 'kernels' not parallelized: it is not a canonical loop {{.*}}; it runs in order as a region of one work-item
    for (i = n; i-- > 0;)
      b[i] = 0;
  }
}

// The same reductions in a `kernels loop` the program does not call
// independent (a Jacobi sweep's `error = fmaxf(error, ...)`, izham-sugita's
// laplace2d.c): found before the dependence test, as in the plain loops
// (they ran in order on one work-item).
void kernels_loops(float (*A)[64], float (*B)[64], float *x, int n) {
  float e = 0, s = 0, e2 = 0;
  // SHAPE: patterns.c:[[@LINE+2]]:{{.*}} 'kernels loop' over 'j'{{.*}}reductions: max:e
  // SHAPE-NOT: not parallelized
#pragma acc kernels loop copyin(A[0:64][0:64]) copy(B[0:64][0:64])
  for (int j = 1; j < 63; j++)
    for (int i = 1; i < 63; i++) {
      B[j][i] = A[j][i] * 2;
      e = fmaxf(e, B[j][i] - A[j][i]);
    }
  // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} 'kernels loop' over 'j'{{.*}}reductions: +:s
#pragma acc kernels loop copyin(x[0:n])
  for (int j = 0; j < n; j++)
    s += x[j];
  // SHAPE: patterns.c:[[@LINE+1]]:{{.*}} 'kernels loop' over 'j'{{.*}}reductions: max:e2
#pragma acc kernels loop copyin(x[0:n])
  for (int j = 0; j < n; j++)
    if (x[j] > e2)
      e2 = x[j];
}
