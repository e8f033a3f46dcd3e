// The second translation unit of multi-tu.cpp.
#include "multi-tu.h"

long lib_sum(const long *p, int n) {
  long s = 0;
#pragma acc parallel loop copyin(p[0:n]) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += p[i];
  return s;
}

void lib_fill(long *p, int n) {
#pragma acc parallel loop copyout(p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] = i;
  add_to<long>(p, n, 1);
}
