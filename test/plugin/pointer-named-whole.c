// A pointer named without a section in copy, copyin, copyout or create maps
// the pointer variable itself (OpenACC 3.3), not the data it points to;
// code written for unified memory (`-gpu=managed`) means the data, and
// stopped on GPUs with a fault at address nil and no word about the clause
// (OpenACC sweep 12, F9: how-to-openacc-cmake's hello.cpp). Ferry warns at
// the clause of a compute or data construct. Not for sections, elements,
// arrays, scalars, `present` (NVHPC's reading: the data it points to),
// function pointers, `enter data` and `declare` (which enter pointers for
// attach actions) or `exit data` (NVHPC's reading, e2e/c-exit-pointer-data.c).
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %ferry-clangxx -x c++ -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:

typedef int (*callback)(int);

void f(int n, int *a, int *c, double *d, callback cb) {
  int table[8];
  int s = 0;
// CHECK: pointer-named-whole.c:[[#@LINE+2]]:25: warning: 'a' in 'copyin' is a pointer named without a section: the clause maps the pointer variable itself, not the data it points to (OpenACC 3.3), so a region that uses its elements reaches memory the device may not have (code written for unified memory means the data); write 'a[0:n]' for n elements
// CHECK: pointer-named-whole.c:[[#@LINE+1]]:36: warning: 'c' in 'copyout' is a pointer named without a section
#pragma acc data copyin(a) copyout(c) copy(table, s)
  {
#pragma acc parallel loop present(d)
    for (int i = 0; i < n; i++)
      c[i] = 2 * a[i];
  }
#pragma acc enter data create(d) copyin(a[0:n], c[0])
#pragma acc exit data delete(d) copyout(a)
// CHECK: pointer-named-whole.c:[[#@LINE+1]]:39: warning: 'd' in 'create' is a pointer named without a section
#pragma acc kernels copyin(cb) create(d)
  d[0] = 1;
}
