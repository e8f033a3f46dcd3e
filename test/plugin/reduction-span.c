// OpenACC 3.3 2.9.11: a reduction that spans nested loops with loop
// directives needs a reduction clause for its variable on each of them.
// With the clause on the inner loop only, the enclosing loop's iterations
// share the variable and do not combine their results (OpenACC sweep 14
// F5: a silent 0): Ferry warns at the inner loop's variable, naming the
// enclosing loop's line and the clause to add. Quiet: the clause on both
// loops, a variable each iteration has its own copy of (declared or
// assigned in the enclosing loop's body before the inner loop, a temporary
// Ferry privatizes; in its private clause; so in a loop between them),
// plain loops Ferry parallelizes itself (no directive), and reductions of
// another variable. The same in C and C++.
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %ferry-clangxx -x c++ -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:

double sums(const double *a, double *rows, int n) {
  double s = 0, t = 0, u = 1;
#pragma acc parallel copyin(a[0:n * n]) num_gangs(4)
  {
#pragma acc loop gang
    for (int k = 0; k < n; k++) {
// CHECK: reduction-span.c:[[#@LINE+1]]:39: warning: 's' is reduced on this loop but not on the enclosing loop at line [[#@LINE-2]], whose iterations share it: OpenACC needs a reduction clause on each loop that a reduction spans (OpenACC 3.3 2.9.11); the enclosing loop's iterations do not combine their results, which stay in their copies of 's' (add 'reduction(+:s)' to the enclosing loop)
#pragma acc loop vector reduction(+ : s)
      for (int i = 0; i < n; i++)
        s += a[k * n + i];
    }
  }
#pragma acc parallel loop gang worker copyin(a[0:n * n]) copy(u)
  for (int k = 0; k < n; k++)
    for (int j = 0; j < 2; j++) {
// CHECK: reduction-span.c:[[#@LINE+1]]:39: warning: 'u' is reduced on this loop but not on the enclosing loop at line [[#@LINE-3]], {{.*}} (add 'reduction(*:u)' to the enclosing loop)
#pragma acc loop vector reduction(* : u)
      for (int i = 0; i < n; i++)
        u *= a[k * n + i];
    }
  // Quiet: both loops reduce t; each iteration's own r; another variable.
#pragma acc parallel loop gang reduction(+ : t) copyin(a[0:n * n]) copyout(rows[0:n])
  for (int k = 0; k < n; k++) {
    double r = 0;
#pragma acc loop vector reduction(+ : t, r)
    for (int i = 0; i < n; i++) {
      t += a[k * n + i];
      r += a[k * n + i];
    }
    rows[k] = r;
  }
#pragma acc kernels copyin(a[0:n * n])
  for (int k = 0; k < n; k++) {
#pragma acc loop reduction(+ : t)
    for (int i = 0; i < n; i++)
      t += a[k * n + i];
  }
  double w = 0, avg[2];
#pragma acc parallel loop gang copyin(a[0:n * n]) copyout(rows[0:2 * n])
  for (int k = 0; k < n; k++) {
#pragma acc loop worker
    for (int j = 0; j < 2; j++) {
      w = 0;
#pragma acc loop vector reduction(+ : w)
      for (int i = 0; i < n; i++)
        w += a[k * n + i];
      rows[k * 2 + j] = w;
    }
  }
#pragma acc parallel loop gang copyin(a[0:n * n]) copyout(rows[0:n]) private(avg)
  for (int k = 0; k < n; k++) {
    avg[0] = avg[1] = 0;
#pragma acc loop worker reduction(+ : avg)
    for (int i = 0; i < n; i++)
      avg[i % 2] += a[k * n + i];
    rows[k] = avg[0] + avg[1];
  }
  return s + t + u + w;
}
