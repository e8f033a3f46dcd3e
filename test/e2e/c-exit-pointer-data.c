/* `exit data delete(p)` / `copyout(p)` of a pointer named without a
 * section: the data p points to leaves where present data starts at p's
 * value (NVHPC's reading: MphExplicit frees a neighbour list in `declare
 * create` this way and allocates a longer one at the same address, which
 * stopped "partially present"; NVIDIA's CG lab deletes a present matrix's
 * member arrays), else the pointer itself (OpenACC). In C and, compiled as
 * C++, C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#include <openacc.h>
#include <stdlib.h>

static int *list;
#pragma acc declare create(list)

typedef struct {
  double *x;
  int n;
} vec;

static int on_device(void) { return acc_get_device_type() != acc_device_host; }

int main(void) {
  /* A global pointer in `declare create`, rebuilt longer each time. */
  for (int round = 1; round <= 3; round++) {
    const int n = 1000 * round;
    list = (int *)malloc(n * sizeof(int));
#pragma acc enter data create(list[0:n])
#pragma acc parallel loop present(list[0:n])
    for (int i = 0; i < n; i++)
      list[i] = round;
#pragma acc exit data copyout(list)
    CHECK(list[0] == round && list[n - 1] == round);
    if (on_device())
      CHECK(!acc_is_present(list, n * sizeof(int)));
    free(list);
  }
  /* A local pointer, deleted. */
  int *p = (int *)malloc(64 * sizeof(int));
#pragma acc enter data create(p[0:64])
#pragma acc exit data delete(p)
  if (on_device())
    CHECK(!acc_is_present(p, 64 * sizeof(int)));
  free(p);
  /* The member arrays of a present struct, then the struct. */
  vec v = {(double *)malloc(32 * sizeof(double)), 32};
  for (int i = 0; i < 32; i++)
    v.x[i] = i;
#pragma acc enter data copyin(v)
#pragma acc enter data copyin(v.x[0:32])
#pragma acc parallel loop present(v)
  for (int i = 0; i < 32; i++)
    v.x[i] *= 2;
#pragma acc exit data copyout(v.x)
#pragma acc exit data delete(v)
  for (int i = 0; i < 32; i++)
    CHECK(v.x[i] == 2 * i);
  if (on_device()) {
    CHECK(!acc_is_present(v.x, 32 * sizeof(double)));
    CHECK(!acc_is_present(&v, sizeof v));
  }
  free(v.x);
  /* A pointer variable entered itself, its target absent: the pointer. */
  double d = 1;
  double *q = &d;
#pragma acc enter data copyin(q)
  if (on_device())
    CHECK(acc_is_present(&q, sizeof q));
#pragma acc exit data delete(q)
  if (on_device())
    CHECK(!acc_is_present(&q, sizeof q));
  return report();
}
