// bind() naming a function this translation unit does not define is an
// error of the outliner naming the directive's location.
// RUN: not %ferry-clangxx -c -O2 %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -c -O2 -fplugin-arg-ferry-targets=none %s -o /dev/null

// CHECK: error: ferry: {{.*}}routine-bind-errors.cpp:[[@LINE+1]]: OpenACC 'routine' of 'host_only(double)' binds it to 'missing', but this translation unit defines no function or lambda of that name and parameters
#pragma acc routine seq bind(missing)
double host_only(double x) { return x; }

// A lambda bound to a function of other parameters, named by its variable.
// CHECK: error: ferry: {{.*}}routine-bind-errors.cpp:[[@LINE+2]]: OpenACC 'routine' of the lambda 'lam' binds it to 'host_only', but this translation unit defines no function or lambda of that name and parameters
auto lam = [](int x) { return x; };
#pragma acc routine(lam) seq bind(host_only)

static double twice(double x) { return 2 * x; }

void run(double *a, int n) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = host_only(a[i]) + twice(a[i]) + lam(i);
}
