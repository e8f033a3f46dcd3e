// bind() naming a function this translation unit does not define, and bind
// on a lambda, are errors of the outliner naming the directive's location.
// RUN: not %ferry-clangxx -c -O2 %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -c -O2 -fplugin-arg-ferry-targets=none %s -o /dev/null

// CHECK-DAG: error: ferry: {{.*}}routine-bind-errors.cpp:[[@LINE+1]]: OpenACC 'routine' of 'host_only(double)' binds it to 'missing', but this translation unit defines no function of that name and type
#pragma acc routine seq bind(missing)
double host_only(double x) { return x; }

// CHECK-DAG: error: ferry: {{.*}}routine-bind-errors.cpp:[[@LINE+1]]: OpenACC 'bind' applies to functions
#pragma acc routine seq bind(other)
auto twice = [](double x) { return 2 * x; };
double other(double x) { return x; }

void run(double *a, int n) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = host_only(a[i]) + twice(a[i]);
}
