// The other translation unit of routine-across-tus.cpp: the routines it
// defines (a seq function, a vector function with an orphaned reduction,
// an extern "C" one, a bound one) and a region of its own that calls a
// routine of the first file.
#include "routine-tu.h"

#pragma acc routine seq
double damp(double x, double k) { return x * k; }

#pragma acc routine vector
double row_total(const double *row, int m) {
  double s = 0;
#pragma acc loop vector reduction(+:s)
  for (int j = 0; j < m; ++j)
    s += row[j];
  return s;
}

extern "C" {
#pragma acc routine seq
int c_clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
}

double device_twice(double x) { return 2 * x; }
#pragma acc routine seq bind(device_twice)
double twice(double x) { return x; } // the host's version does nothing

void lib_scale(double *a, int n) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = shift(a[i]); // defined in the first translation unit
}
