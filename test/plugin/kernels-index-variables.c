// Index variables in `kernels` plain loops (legacy code's `int idx = i * m +
// j; c[idx] = ...`): a scalar set once, by its declaration or by one
// assignment statement, from numbers, the loops' variables and names the
// body never assigns, is read as its value in the subscripts after it (in
// its block), so the loop is proven; the near misses are not, each with
// the reason -Rpass-missed=ferry gives. test/e2e/kernels-plain-patterns.c
// runs the proven forms.
// RUN: %ferry-clang -std=c99 -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s

void proven(int n, int m, double *c, const double *a, const int *perm) {
  int i, j, p, q;
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over a collapse(2) nest, iterations proven independent
#pragma acc kernels copyin(a[0:n*m]) copyout(c[0:n*m])
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      int idx = i * m + j;
      c[idx] = 2.0 * a[idx];
    }
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent
#pragma acc kernels copyin(a[0:n*m]) copyout(c[0:n*m])
  for (i = 0; i < n; i++) {
    p = i * m;
    for (j = 0; j < m; j++)
      c[p + j] = a[p + j] + j;
  }
// An index variable set from another one.
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent
#pragma acc kernels copyin(a[0:n*m]) copyout(c[0:n*m])
  for (i = 0; i < n; i++) {
    const int row = i * m;
    for (j = 0; j < m; j++) {
      q = row + j;
      c[q] = a[q];
    }
  }
}

void near_misses(int n, int m, double *c, const double *a, const int *perm) {
  int i, j, p;
  short s;
// Set from an array element: any element.
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: every iteration writes 'c' at c[k], which does not depend on the loop variable 'i'
#pragma acc kernels copyin(a[0:n], perm[0:n]) copyout(c[0:n])
  for (i = 0; i < n; i++) {
    int k = perm[i];
    c[k] = a[i];
  }
// Set twice.
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: every iteration writes 'c' at c[k], which does not depend on the loop variable 'i'
#pragma acc kernels copyin(a[0:n]) copyout(c[0:n])
  for (i = 0; i < n; i++) {
    int k = i;
    k += 1;
    c[k] = a[i];
  }
// Set under a condition.
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: every iteration writes 'c' at c[k], which does not depend on the loop variable 'i'
#pragma acc kernels copyin(a[0:n]) copyout(c[0:n])
  for (i = 0; i < n; i++) {
    int k = 0;
    if (a[i] > 0)
      k = i;
    c[k] = a[i];
  }
// Set from j before the loop over j: j's value then, not in the loop.
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' runs in order on the host, as the construct's sequential control: every iteration writes 'c' at c[k+j], which does not depend on the loop variable 'i'
#pragma acc kernels copyin(a[0:n*m]) copyout(c[0:n*m])
  for (i = 0; i < n; i++) {
    int k = j * m;
    for (j = 0; j < m; j++)
      c[k + j] = a[i];
  }
// A type narrower than int wraps (k is i modulo 256), and so may a C89
// variable of one.
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: every iteration writes 'c' at c[k], which does not depend on the loop variable 'i'
#pragma acc kernels copyin(a[0:n]) copyout(c[0:n])
  for (i = 0; i < n; i++) {
    unsigned char k = i;
    c[k] = a[i];
  }
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: every iteration writes 'c' at c[s], which does not depend on the loop variable 'i'
#pragma acc kernels copyin(a[0:n]) copyout(c[0:n])
  for (i = 0; i < n; i++) {
    s = i;
    c[s] = a[i];
  }
// The same element in every iteration: a dependence, named.
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: every iteration writes 'c' at c[0], which does not depend on the loop variable 'i'
#pragma acc kernels copyin(a[0:n]) copyout(c[0:n])
  for (i = 0; i < n; i++) {
    int k = 0;
    c[k] = a[i];
  }
// The next element read: a dependence, named.
// CHECK: index-variables.c:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: loop-carried dependence on 'c': it is written as c[i] and accessed as c[i+1]
#pragma acc kernels copy(c[0:n+1])
  for (i = 0; i < n; i++) {
    p = i;
    c[p] = c[p + 1] * 2;
  }
}
