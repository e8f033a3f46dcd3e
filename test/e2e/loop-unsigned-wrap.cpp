// `!=` loops over unsigned variables wrap around as in C++: the trip count
// is taken modulo 2^bits of the variable's type (parallel loops, collapse
// levels and loops nested in a region's iterations), so
// `for (unsigned i = 4294967290u; i != 4u; ++i)` runs 10 iterations instead
// of stopping with "the loop does not terminate". Every count and sum is
// compared with the same loop run by the host.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <cstdint>

int main() {
  long n = 0;
  unsigned long long s = 0;
#pragma acc parallel loop reduction(+ : n, s)
  for (unsigned i = 4294967290u; i != 4u; ++i) {
    n += 1;
    s += i;
  }
  CHECK(n == 10);
  unsigned long long sr = 0;
  for (unsigned i = 4294967290u; i != 4u; ++i)
    sr += i;
  CHECK(s == sr);

  // Downwards through zero: 3, 2, 1, 0, 4294967295, 4294967294.
  n = 0;
#pragma acc parallel loop reduction(+ : n)
  for (unsigned i = 3; i != 4294967293u; --i)
    n += 1;
  CHECK(n == 6);

  // An 8-bit variable with step 3: 250, 253, 0, 3, 6.
  n = 0;
  s = 0;
#pragma acc parallel loop reduction(+ : n, s)
  for (unsigned char c = 250; c != 9; c += 3) {
    n += 1;
    s += c;
  }
  CHECK(n == 5);
  CHECK(s == 250 + 253 + 0 + 3 + 6);

  // 64 bits: UINT64_MAX - 2 .. 1.
  n = 0;
#pragma acc parallel loop reduction(+ : n)
  for (uint64_t i = UINT64_MAX - 2; i != 2; i += 1)
    n += 1;
  CHECK(n == 5);

  // A wrapping level of a collapse nest.
  n = 0;
  s = 0;
#pragma acc parallel loop collapse(2) reduction(+ : n, s)
  for (unsigned i = 4294967294u; i != 2u; ++i)
    for (int j = 0; j < 3; ++j) {
      n += 1;
      s += i + j;
    }
  sr = 0;
  for (unsigned i = 4294967294u; i != 2u; ++i)
    for (int j = 0; j < 3; ++j)
      sr += i + j;
  CHECK(n == 12);
  CHECK(s == sr);

  // A wrapping loop nested in a region's iterations.
  long hits[4][8] = {};
#pragma acc parallel loop copy(hits)
  for (int r = 0; r < 4; ++r) {
#pragma acc loop
    for (unsigned short k = 65533; k != 5; ++k)
      hits[r][(k + 3) & 7] += 1;
  }
  for (int r = 0; r < 4; ++r)
    for (int k = 0; k < 8; ++k)
      CHECK(hits[r][k] == 1);
  return report();
}
