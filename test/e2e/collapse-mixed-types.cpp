// collapse over loops of different induction types (unsigned, long, short)
// and with bounds given by expressions.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

int main() {
  const unsigned rows = 50;
  const long cols = 70;
  std::vector<long> v(rows * cols, 0);
  long *p = v.data();
#pragma acc parallel loop collapse(2) copy(p[0:rows * cols])
  for (unsigned r = 0; r < rows; r++)
    for (long c = cols - 1; c >= 0; c--)
      p[r * cols + c] = long(r) * 1000 + c;
  short lo = -4, hi = 5;
  long s = 0;
#pragma acc parallel loop collapse(2) reduction(+:s)
  for (short a = lo; a < hi; ++a)
    for (unsigned char b = 0; b < 10; ++b)
      s += a * b;
  for (unsigned r = 0; r < rows; r++)
    for (long c = 0; c < cols; c++)
      CHECK(p[r * cols + c] == long(r) * 1000 + c);
  long ws = 0;
  for (short a = lo; a < hi; ++a)
    for (unsigned char b = 0; b < 10; ++b)
      ws += a * b;
  CHECK(s == ws);
  return report();
}
