// bind() naming a function this translation unit does not define is an
// error of the outliner naming the directive's location.
// RUN: not %ferry-clangxx -c -O2 %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -c -O2 -fplugin-arg-ferry-targets=none %s -o /dev/null

// CHECK: error: ferry: {{.*}}routine-bind-errors.cpp:[[@LINE+1]]: OpenACC 'routine' of 'host_only(double)' binds it to 'missing', but this translation unit defines no function of that name and type
#pragma acc routine seq bind(missing)
double host_only(double x) { return x; }

static double twice(double x) { return 2 * x; }

void run(double *a, int n) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = host_only(a[i]) + twice(a[i]);
}
