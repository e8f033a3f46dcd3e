// `long double` computes in double on GPUs (plugin/LongDouble.h); what
// cannot mean that is refused when the regions are compiled, naming the
// function: a device function that other files may call with long double,
// and volatile long double accesses.
// RUN: not %ferry-clangxx -O0 -fplugin-arg-ferry-targets=gfx90a -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: not %ferry-clangxx -O2 -fplugin-arg-ferry-targets=gfx90a -DVOLATILE -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=VOLATILE

#ifndef VOLATILE
#pragma acc routine seq
__attribute__((noinline)) long double twice(long double x) { return 2 * x; }

void f(long double *a, int n) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = twice(a[i]);
}
// CHECK: error: ferry: the function 'twice(long double)', called in a compute region, takes or returns 'long double'; GPUs have no such type: use double
#else
void g(long double *z, int n) {
#pragma acc parallel loop copy(z[0:n])
  for (int i = 0; i < n; ++i) {
    volatile long double v = z[i];
    z[i] = v * 2;
  }
}
// VOLATILE: error: ferry: a volatile or atomic 'long double' access in '{{.*}}'
#endif
