// Sections of three dimensions a[lo:len][0:M][0:K] (whole planes) map one
// block; a region updates a slab of a 3-D array through them, and only the
// slab comes back. An inner section that is not whole, or one with more
// dimensions than the array, stops the program with a message.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t partial 2>&1 | %FileCheck %s --check-prefix=PARTIAL
// PARTIAL: ferry: error: array section p[0:2][0:6][1:3] is not contiguous: inner dimension 3 must be whole ([0:5])
#include "Inputs/check.h"
#include <cstring>

static float g[8][6][5];

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "partial") == 0) {
    float (*p)[6][5] = g;
#pragma acc data copy(p[0:2][0:6][1:3])
    {}
    return 0;
  }
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 6; ++j)
      for (int k = 0; k < 5; ++k)
        g[i][j][k] = float(i * 100 + j * 10 + k);
  float (*p)[6][5] = g;
#pragma acc parallel loop collapse(3) copy(p[2:4][0:6][0:5])
  for (int i = 2; i < 6; ++i)
    for (int j = 0; j < 6; ++j)
      for (int k = 0; k < 5; ++k)
        p[i][j][k] = -p[i][j][k];
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 6; ++j)
      for (int k = 0; k < 5; ++k) {
        const float v = float(i * 100 + j * 10 + k);
        CHECK(g[i][j][k] == (i >= 2 && i < 6 ? -v : v));
      }
  return report();
}
