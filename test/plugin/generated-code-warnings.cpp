// The code Ferry writes for a construct gives no warnings of its own under
// -Wall -Wextra: a construct that is one region (its one iteration's index
// unused), a loop region, a reduction, `kernels` over plain loops, host
// control, a routine.
// RUN: %ferry-clangxx -Wall -Wextra -fsyntax-only %s 2>&1 | %count 0

#pragma acc routine seq
static double twice(double x) { return 2 * x; }

double run(double *a, int n, int steps) {
  double s = 0, first = 0;
#pragma acc parallel copy(a[0:n]) copyout(first)
  {
    first = a[0];
    for (int i = 0; i < n; ++i)
      a[i] += first;
  }
#pragma acc parallel loop copy(a[0:n]) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += twice(a[i]);
#pragma acc kernels copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = a[i] * 0.5;
#pragma acc parallel copy(a[0:n])
  {
    for (int t = 0; t < steps; ++t) {
#pragma acc loop
      for (int i = 0; i < n; ++i)
        a[i] += 1;
    }
  }
  return s + first;
}
