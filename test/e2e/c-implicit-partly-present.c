// A global array no clause names, of which rows are present already (each
// device's slab of the grid in the multi-device Jacobi of Farber's book,
// chapter 7, and NVIDIA's multi-GPU labs: `enter data copyin(A[lo-1:n+2][0:NX])`,
// then `kernels` over rows lo..hi without clauses). OpenACC makes it `copy`
// implicitly, which would be partly present ("partially present" error,
// naming a clause the program never wrote); as NVHPC copies only the
// accessed rows, Ferry maps nothing there and translates the region's
// address of the array into the present rows. An array none of which is
// present is still copied whole; FERRY_DEBUG=1 says which was which.
// RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_DEBUG=1 %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// CHECK: Anew (no clause names it) is partly present: not mapped
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// Present in two pieces: no one translation reaches both; an error names
// the variable and what to write.
// RUN: %ferry-clang -std=c99 -O2 -DSEVERAL %s -o %t.several 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t.several 2>&1 | %FileCheck %s --check-prefix=SEVERAL
// SEVERAL: c-implicit-partly-present.c:[[#LOOP:]] loop (
// SEVERAL-SAME: 'A', which no data clause names (an implicit 'copy'), is partly present in several pieces on the device; name the section the region uses in a data clause ('present(A[lo:len])')
#include "Inputs/check_c.h"

#define NY 64
#define NX 32
static double A[NY][NX], Anew[NY][NX], other[NY][NX];

int main(void) {
  for (int y = 0; y < NY; y++)
    for (int x = 0; x < NX; x++) {
      A[y][x] = y * NX + x;
      other[y][x] = 1;
    }
  const int lo = 16, hi = 48;
#ifdef SEVERAL
#pragma acc enter data copyin(A[0:2][0:NX])
#endif
#pragma acc enter data copyin(A[lo - 1:hi - lo + 2][0:NX]) create(Anew[lo:hi - lo][0:NX])
#pragma acc kernels
  for (int y = lo; y < hi; y++)
    for (int x = 1; x < NX - 1; x++)
      Anew[y][x] = 0.5 * (A[y - 1][x] + A[y + 1][x]) + other[y][x];
#pragma acc exit data copyout(Anew[lo:hi - lo][0:NX]) delete(A[lo - 1:hi - lo + 2][0:NX])
  for (int y = lo; y < hi; y++)
    for (int x = 1; x < NX - 1; x++) {
      CHECK(Anew[y][x] == 0.5 * (A[y - 1][x] + A[y + 1][x]) + 1);
      if (failures > 10)
        return report();
    }
  // Rows outside the slab were never written.
  CHECK(Anew[lo - 1][1] == 0 && Anew[hi][1] == 0);
  return report();
}
