/* Buffers of no element (UoB-HPC neutral/arch's allocate_data with a
 * length of 0): `enter data copyin(p[:0])` of malloc(0)'s memory, then a
 * region of no iteration using p, stopped with "the pointer at closure
 * offset 0 ... points to memory that is not present" on devices that do not
 * reach host memory. Now a region of no iteration attaches nothing, and a
 * pointer to a zero-length entry translates to that entry's device block
 * (a region with iterations that does not touch its elements).
 * `present` of a section of no element (an empty list whose pointer is
 * null, as FireDynamics ARTSS's obstacle lists: `present(d_oList[:n])`,
 * or an unmapped pointer) is no action, as the other clauses' (until
 * 2026-12-06: "host range [0, 0) is not present ... (present clause)").
 * In C and, the same file compiled as C++, in C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#include <stdlib.h>

static size_t allocate_data(double **buf, size_t len) {
  *buf = (double *)malloc(sizeof(double) * len);
  double *local_buf = *buf;
#pragma acc enter data copyin(local_buf[:len])
#pragma acc parallel
#pragma acc loop independent
  for (size_t ii = 0; ii < len; ++ii)
    local_buf[ii] = 1.0;
  return sizeof(double) * len;
}

static void free_data(double *buf, size_t len) {
#pragma acc exit data delete (buf[:len])
  free(buf);
}

int main(void) {
  double *a, *b;
  CHECK(allocate_data(&a, 16) == 16 * sizeof(double));
  CHECK(allocate_data(&b, 0) == 0);
  /* A region with iterations that has b (no element) in its closure: b is
   * used only where it has elements. */
  double sum = 0;
  size_t nb = 0;
#pragma acc parallel loop reduction(+ : sum) present(a[:16])
  for (int i = 0; i < 16; i++)
    sum += a[i] + (i < (int)nb ? b[i] : 0.0);
  CHECK(sum == 16.0);
  /* A loop of no iteration over a pointer in no data clause. */
  double *none = (double *)malloc(sizeof(double));
  int n = 0;
#pragma acc parallel loop
  for (int i = 0; i < n; i++)
    none[i] = 2;
  free(none);
  size_t *list = NULL;
  size_t nlist = 0;
  double *unmapped = (double *)malloc(sizeof(double));
  int r = 0;
#pragma acc data present(list[:nlist])
  { r += 1; }
#pragma acc parallel loop present(list[0:nlist]) copy(r)
  for (size_t j = 0; j < nlist; ++j)
    r += (int)list[j];
#pragma acc data present(unmapped[0:0], a[3:0])
  {
#pragma acc parallel loop present(a[0:16]) copy(r)
    for (int i = 0; i < 16; i++)
      if (i == 0)
        r += (int)a[i];
  }
  CHECK(r == 2);
  free(unmapped);
  free_data(a, 16);
  free_data(b, 0);
  return report();
}
