// Loops whose bound is a floating-point value (realincubus's plain loop in
// `kernels`, `for (auto t = 0; t < size(); ++t)` of a `double size()`): the
// integer variable runs while the comparison holds, `i < 9.5` as `i < 10`,
// `i <= 9.5` as `i <= 9`, `i > 2.5` as `i > 2`. C++ stopped with a static
// assertion ("the bound and step of an OpenACC loop must be integers"); C
// compiled it.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
#include "Inputs/check.h"

static double size() { return 99.5; }

int main() {
  int x[128] = {};
#pragma acc kernels copy(x)
  for (auto t = 0; t < size(); ++t)
    x[t] = 2 * t;
  CHECK(x[1] == 2 && x[99] == 198 && x[100] == 0);
  int y[16] = {};
#pragma acc parallel loop copy(y)
  for (int i = 0; i <= 9.5; i++)
    y[i] = 1;
  CHECK(y[9] == 1 && y[10] == 0);
#pragma acc parallel loop copy(y)
  for (int i = 15; i > 2.5f; i--)
    y[i] += 2;
  CHECK(y[2] == 1 && y[3] == 3 && y[15] == 2);
  int z[8][8] = {};
#pragma acc parallel loop gang copy(z)
  for (int i = 0; i < 8; i++) {
#pragma acc loop vector
    for (int j = 0; j < 4.2; j++)
      z[i][j] = i + j;
  }
  CHECK(z[7][4] == 11 && z[7][5] == 0 && z[0][0] == 0 && z[3][1] == 4);
  return report();
}
