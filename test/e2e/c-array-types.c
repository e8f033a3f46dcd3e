/* An array of a constant size keeps its type in a compute region, named
 * whole, with a section or in no clause: `sizeof a` is the array's size (C
 * gave a pointer's for every form, C++ for a section), `&a` points to the
 * whole array, and in C++ it binds to a `T (&)[N][M]` parameter of a
 * routine (CUHK's CSC4005 image filter; before: "no matching function"
 * naming Ferry's section_pointer). Writes through it reach the host. In C
 * and, compiled as C++, C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

static const float filter[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};

#ifdef __cplusplus
#pragma acc routine seq
static float row_sum(const float (&k)[3][3], int i) { return k[i][0] + k[i][1] + k[i][2]; }
#else
#pragma acc routine seq
static float row_sum(const float (*k)[3][3], int i) { return (*k)[i][0] + (*k)[i][1] + (*k)[i][2]; }
#endif

int main(void) {
  double a[8], grid[4][6];
  int na[4], nb[4], nc[4], rows[4];
  float sums[3];
  for (int i = 0; i < 8; i++)
    a[i] = i;
#pragma acc parallel loop copyin(a) copyout(na)
  for (int i = 0; i < 4; i++)
    na[i] = (int)(sizeof(a) / sizeof(a[0]));
#pragma acc parallel loop copy(a[0:8]) copyout(nb[0:4])
  for (int i = 0; i < 4; i++) {
    double (*whole)[8] = &a;
    nb[i] = (int)(sizeof a / sizeof a[0]) + (int)(sizeof *whole / sizeof(double)) - 8;
    (*whole)[i] += 10;
  }
#pragma acc parallel loop copyout(nc[0:4], grid[0:4][0:6], rows[0:4])
  for (int i = 0; i < 4; i++) {
    nc[i] = (int)(sizeof(a) / sizeof(a[0]) + 0 * a[i]);
    rows[i] = (int)(sizeof grid / sizeof grid[0]);
    for (int j = 0; j < 6; j++)
      grid[i][j] = 10 * i + j;
  }
#pragma acc parallel loop copyin(filter[0:3][0:3]) copyout(sums)
  for (int i = 0; i < 3; i++)
#ifdef __cplusplus
    sums[i] = row_sum(filter, i);
#else
    sums[i] = row_sum(&filter, i);
#endif
  for (int i = 0; i < 4; i++) {
    CHECK(na[i] == 8 && nb[i] == 8 && nc[i] == 8 && rows[i] == 4);
    CHECK(a[i] == i + 10 && a[i + 4] == i + 4);
    for (int j = 0; j < 6; j++)
      CHECK(grid[i][j] == 10 * i + j);
  }
  CHECK(sums[0] == 6 && sums[1] == 15 && sums[2] == 24);
  return report();
}
