/* `present(p)` of a pointer p without a section, as NVIDIA's OpenACC
 * training labs, the CSC course and Farber's book write it after `enter
 * data create(p[0:n])`: OpenACC 3.3 names the pointer variable itself,
 * which is not present; NVHPC takes the data p points to, and so does
 * Ferry where the variable is not present (FERRY_DATA_PRESENT_POINTEE):
 * the data must be present, the region's p is translated into it. Data p
 * does not point to is still refused, naming the clause. In C and, the
 * same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 * RUN: %ferry-clang -std=c11 -O2 -DABSENT %s -o %t.absent
 * RUN: %emu-gfx90a %not --crash %run %t.absent 2>&1 | %FileCheck %s --check-prefix=ABSENT
 * ABSENT: ferry: error: host range [{{0x[0-9a-f]+}}, {{0x[0-9a-f]+}}) is not present on radeon device 0 (present clause)
 * ABSENT-NEXT: ferry: error: c-present-pointer.c:{{[0-9]+}} parallel loop ({{.*}}c-present-pointer.c:{{[0-9]+}}): data clause present(b) failed
 */
#include "Inputs/check_c.h"
#include <stdlib.h>

static void scale(double *a, int n, double by) {
#pragma acc parallel loop present(a)
  for (int i = 0; i < n; i++)
    a[i] *= by;
}

int main(void) {
  const int n = 1000;
  double *a = (double *)malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i;
#pragma acc enter data copyin(a[0:n])
  /* The construct's own clause, a function's, and a data construct's. */
#pragma acc parallel loop present(a)
  for (int i = 0; i < n; i++)
    a[i] += 1;
  scale(a, n, 2);
#pragma acc data present(a)
  {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] += 3;
  }
  /* A pointer into the middle of the data. */
  double *mid = a + n / 2;
#pragma acc parallel loop present(mid)
  for (int i = 0; i < n / 2; i++)
    mid[i] = -1;
#pragma acc exit data copyout(a[0:n])
  for (int i = 0; i < n / 2; i++)
    CHECK(a[i] == (i + 1) * 2.0 + 3);
  for (int i = n / 2; i < n; i++)
    CHECK(a[i] == -1);
#ifdef ABSENT
  double *b = (double *)malloc(n * sizeof *b);
#pragma acc parallel loop present(b)
  for (int i = 0; i < n; i++)
    b[i] = i;
  free(b);
#endif
  free(a);
  return report();
}
