// The C++ half of c-cxx-routines.c.
#include "c-routines.h"

extern "C" double cxx_scale(double x, int k) { return x * k; }

extern "C" void cxx_region(double *a, int n) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = c_poly(a[i]);
}
