// A loop proven independent from its subscripts whose arrays may be the
// same memory (pointers named with sections, a pointer and an array) has
// its launch compare their ranges; the remark says so. Arrays, `restrict`
// pointers and arrays the loop only reads need no check; pointers to
// pointers, whose rows no section describes, are not proven; a loop
// interchange takes no such condition (OpenACC sweep 12, F2;
// e2e/c-aliasing-pointers.c runs them).
// RUN: %ferry-clang -fsyntax-only -fplugin-arg-ferry-remarks %s 2>&1 | %FileCheck %s

enum { N = 1000 };
double g[N + 1], h[N + 1];

void sections(double *a, const double *b, int n) {
// CHECK: overlap-check-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'kernels loop' over 'i', iterations proven independent
#pragma acc kernels loop copy(a[0:n + 1]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    a[i + 1] = b[i] + 1.0;
// CHECK: overlap-check-remarks.c:[[#@LINE-3]]:{{[0-9]+}}: remark: ferry: the proof takes 'a' and 'b' for distinct memory, which the program does not promise (no 'restrict', no 'independent'): their sections are compared when the region starts, and where they overlap its iterations run in order on one work-item
}

// Independent where the two pointers are equal (`scale(x, x, n)`): the
// launch runs it in order only where they overlap otherwise.
void scale(double *a, const double *b, int n) {
// CHECK: overlap-check-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: the proof takes 'a' and 'b' (unless they are equal) for distinct memory
#pragma acc parallel loop auto copy(a[0:n]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    a[i] = 2 * b[i];
}

// Independent as one array along i but not along j (a[i][j] = a[i][j+1]):
// compared even where the two pointers are equal.
void shift_rows(double (*a)[64], double (*b)[64], int n) {
// CHECK: overlap-check-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: the proof takes 'a' and 'b' for distinct memory
#pragma acc parallel loop auto collapse(2) copy(a[0:n][0:64]) copyin(b[0:n][0:64])
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 63; j++)
      a[i][j] = b[i][j + 1];
}

void pointer_and_array(const double *p, int n) {
// CHECK: overlap-check-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel loop' over 'i', iterations proven independent
#pragma acc parallel loop auto copyin(p[0:n])
  for (int i = 0; i < n; i++)
    g[i + 1] = p[i];
// CHECK: overlap-check-remarks.c:[[#@LINE-3]]:{{[0-9]+}}: remark: ferry: the proof takes 'g' and 'p' for distinct memory
}

// A `loop` nested in an iteration: the region's launch compares them.
void nested(double *a, const double *b, int n) {
// CHECK: overlap-check-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: the proof takes 'a' and 'b' for distinct memory
#pragma acc parallel loop copy(a[0:n * n]) copyin(b[0:n * n])
  for (int i = 0; i < n; i++) {
    double t = b[i * n];
#pragma acc loop auto
    for (int j = 1; j < n; j++)
      a[i * n + j] = b[i * n + j - 1] + t;
  }
}

void arrays(void) {
// CHECK: overlap-check-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'kernels loop' over 'i', iterations proven independent
#pragma acc kernels loop
  for (int i = 0; i < N; i++)
    g[i + 1] = h[i];
}
// CHECK-NOT: the proof takes

void restrict_pointers(double *restrict a, const double *restrict b, int n) {
// CHECK: overlap-check-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'kernels loop' over 'i', iterations proven independent
#pragma acc kernels loop copy(a[0:n + 1]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    a[i + 1] = b[i];
}
// CHECK-NOT: the proof takes

void rows(double **a, double **b, int n) {
#pragma acc data copy(a[0:n][0:n]) copyin(b[0:n][0:n])
  {
// CHECK: overlap-check-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'kernels loop' over 'i' not parallelized: 'b' is not named with a section in a data clause, so it may overlap the arrays the loop writes
#pragma acc kernels loop
    for (int i = 0; i < n; i++)
      a[i][0] = b[i][0];
  }
}
