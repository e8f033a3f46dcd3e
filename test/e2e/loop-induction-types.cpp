// Loop variables of every integer type: char, short, int, long, long long
// and their unsigned forms, with loop variables declared outside the for.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

template <class I> void fill(I lo, I hi) {
  const int n = int(hi - lo);
  std::vector<long> v(n, 0);
  long *p = v.data();
#pragma acc parallel loop copy(p[0:n])
  for (I i = lo; i < hi; ++i)
    p[i - lo] = long(i) * 3;
  for (int k = 0; k < n; ++k)
    CHECK(p[k] == (long(lo) + k) * 3);
}

int main() {
  fill<signed char>(-100, 100);
  fill<unsigned char>(3, 250);
  fill<short>(-3000, 3000);
  fill<unsigned short>(60000, 65000);
  fill<int>(-50000, 50000);
  fill<unsigned>(4000000000u, 4000100000u);
  fill<long>(-(1L << 40), -(1L << 40) + 1000);
  fill<unsigned long long>(1ull << 50, (1ull << 50) + 777);

  // The variable is declared before the loop and holds its final value after.
  int i;
  std::vector<int> v(100, 0);
  int *p = v.data();
#pragma acc parallel loop copy(p[0:100])
  for (i = 0; i < 100; ++i)
    p[i] = i + 1;
  for (int k = 0; k < 100; ++k)
    CHECK(p[k] == k + 1);
  return report();
}
