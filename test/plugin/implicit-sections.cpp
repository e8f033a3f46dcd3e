// A pointer a region uses but no data clause names gets the section its
// loops subscript (NVHPC's "implicit copy(c[:n])"): `copy` where the region
// writes through it, `copyin` where it only reads, from affine subscripts of
// canonical loops' variables with unit steps and bounds the region does not
// change. Any other use leaves the pointer alone (no remark): it must then
// point to present data, as before.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not="in no data clause"
// RUN: %ferry-clang -x c -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not="in no data clause"

void use(double *p) { p[0] = 1; }

void shapes(double *a, const double *b, double *c, float *d, int n, int m) {
// CHECK: implicit-sections.cpp:[[#@LINE+4]]:5: remark: ferry: 'a' is in no data clause: the region writes a[0:n] (its loops' bounds), mapped as an implicit copy where the device does not have it
// CHECK: implicit-sections.cpp:[[#@LINE+3]]:12: remark: ferry: 'b' is in no data clause: the region reads b[min(1, n - (n - 1)):max(n - 1 + 1, n) - (min(1, n - (n - 1))) + 1] (its loops' bounds), mapped as an implicit copyin
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    a[i] = b[i + 1] + b[n - i];
// Counting down, and a nest flattened by a coefficient of unknown sign.
// CHECK: implicit-sections.cpp:[[#@LINE+4]]:7: remark: ferry: 'c' is in no data clause: the region writes c[min(0, m * (n-1)):max(0, m * (n-1)) + m - 1 - (min(0, m * (n-1))) + 1]
#pragma acc kernels
  for (int i = n - 1; i >= 0; --i)
    for (int j = 0; j < m; ++j)
      c[i * m + j] = 0;
// A constant element, and one read and updated: copy.
// CHECK: implicit-sections.cpp:[[#@LINE+3]]:5: remark: ferry: 'd' is in no data clause: the region writes d[2:max(n, 2) - 2 + 1]
#pragma acc serial
  for (int i = 2; i <= n; ++i)
    d[i] += d[2];
}

#ifdef __cplusplus
void bump(int &k) { ++k; }

void by_reference(double *a, int n) {
  int k = 0;
#pragma acc serial
  for (int i = 0; i < n; ++i) {
    bump(k); // may change k: a[k] gives no section
    a[k] = 0;
  }
}
#endif

void refused(double *a, double *b, double **rows, int *idx, int n) {
  double *present_a = a;
#pragma acc data copy(present_a[0:n])
  {
#pragma acc parallel loop
    for (int i = 0; i < n; ++i)
      present_a[i] = 1; // named by the data construct
  }
#pragma acc parallel loop copy(b[0:n])
  for (int i = 0; i < n; ++i)
    b[i] = a[idx[i]]; // an index read from memory: `idx` gets idx[0:n], `a` nothing
// CHECK: implicit-sections.cpp:[[#@LINE-1]]:14: remark: ferry: 'idx' is in no data clause: the region reads idx[0:n]
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    if (i > 0)
      a[i - 1] = 0; // under a condition: the loop's bounds say nothing
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    rows[i][0] = 0; // rows of pointers
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    b[i * i] = 0; // not affine
#pragma acc serial
  for (int i = 0; i < n; ++i) {
    if (b[0] > 1)
      break;
    a[i] = 0; // a loop that can leave early
  }
#pragma acc kernels loop
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j)
      a[j] = 0; // a bound that changes in the region
#pragma acc serial
  {
    use(a); // passed to a function
    a[0] = 0;
  }
#pragma acc parallel loop default(none) firstprivate(n) copy(b[0:n])
  for (int i = 0; i < n; ++i)
    b[i] = 0;
#pragma acc parallel loop
  for (int i = 0; i < n; i += 2)
    a[i] = 0; // not a unit step
  // Declared outside: read as written (the nested loop joined, or spread
  // in a form of its own), j is the nested loop's variable.
  int i, j;
// CHECK: implicit-sections.cpp:[[#@LINE+5]]:7: remark: ferry: 'a' is in no data clause: the region writes a[0:4 * (n - 1) + 4]
#pragma acc parallel loop
  for (i = 0; i < n; ++i) {
#pragma acc loop
    for (j = 0; j < 4; ++j)
      a[i * 4 + j] = 0;
  }
}

// Index variables: `int id = i * w + j;` declared once in the body with an
// integer type and never changed stands for its initializer in `p[id]`
// within its block (OpenACC book ch. 3, gol: `out[id]` was no section, and
// the launch stopped "not present" on devices without host memory).
void index_variables(int *grid, int *out, double *a, double *b, double *c, int w, int n) {
// CHECK: implicit-sections.cpp:[[#@LINE+9]]:9: remark: ferry: 'out' is in no data clause: the region writes out[min(0, w * (w - 1)):max(0, w * (w - 1)) + w - 1 - (min(0, w * (w - 1))) + 1] (its loops' bounds), mapped as an implicit copy
// CHECK: implicit-sections.cpp:[[#@LINE+8]]:23: remark: ferry: 'grid' is in no data clause: the region reads grid[min(0, w * (w - 1)):max(0, w * (w - 1)) + w - 1 - (min(0, w * (w - 1))) + 1] (its loops' bounds), mapped as an implicit copyin
#pragma acc kernels
  {
#pragma acc loop independent
    for (int i = 0; i < w; i++)
#pragma acc loop independent
      for (int j = 0; j < w; j++) {
        int id = i * w + j;
        out[id] = 2 * grid[id];
      }
  }
// CHECK: implicit-sections.cpp:[[#@LINE+5]]:5: remark: ferry: 'a' is in no data clause: the region writes a[min(1, 1 + 1 - 1):max(2 * (n - 1) + 1, 2 * (n - 1) + 1 + 1 - 1) - (min(1, 1 + 1 - 1)) + 1]
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    const unsigned long k = 2 * i + 1;
    size_t m = k;
    a[k] = a[k + 1 - 1] + m;
  }
  // One name declared in two blocks: each use takes its own block's.
// CHECK: implicit-sections.cpp:[[#@LINE+5]]:7: remark: ferry: 'c' is in no data clause: the region writes c[
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    {
      int k = i;
      c[k] = 0;
    }
    {
      int k = n - i - 1;
      c[k] = 1;
    }
  }
  // Not index variables: changed after the declaration, a floating-point
  // type, hidden by a declaration in a nested block.
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    int k = i;
    k += 1;
    b[k] = 0;
  }
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    double k = i;
    b[(int)k] = 0;
  }
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
    int k = i;
    {
      int k = n;
      k *= 2;
      b[k] = 0;
    }
  }
}
