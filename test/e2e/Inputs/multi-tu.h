// Shared by multi-tu.cpp and Inputs/multi-tu-lib.cpp: an inline function
// template with a region, instantiated in both translation units (one
// kernel name, defined in both units' images).
#ifndef FERRY_E2E_MULTI_TU_H
#define FERRY_E2E_MULTI_TU_H

template <class T> inline void add_to(T *p, int n, T value) {
#pragma acc parallel loop copy(p[0:n])
  for (int i = 0; i < n; ++i)
    p[i] += value;
}

long lib_sum(const long *p, int n); // Inputs/multi-tu-lib.cpp
void lib_fill(long *p, int n);      // Inputs/multi-tu-lib.cpp

#endif
