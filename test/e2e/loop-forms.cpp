// Canonical loop forms: every comparison, negative and non-unit steps,
// unsigned and 64-bit induction variables, a variable declared before the
// loop, brace-less bodies, `continue`, nested plain loops and a local array
// in a data clause.
// RUN: %ferry-clangxx -O2 %s -o %t && %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cstdio>

int main() {
  int bad = 0;
  long hits[100] = {0};
#pragma acc parallel loop copy(hits)
  for (int i = 0; i < 100; i += 3)
    hits[i] += 1;
#pragma acc parallel loop copy(hits)
  for (long i = 99; i >= 0; --i) {
    if (i % 2)
      continue;
    hits[i] += 10;
  }
  unsigned u;
#pragma acc parallel loop copy(hits)
  for (u = 10; u != 50; u += 5)
    hits[u] += 100;
#pragma acc parallel loop copy(hits)
  for (long long i = 90; i > 80; i = i - 2)
    for (int k = 0; k < 2; ++k)
      hits[i] += 1000;
  for (int i = 0; i < 100; ++i) {
    long want = (i % 3 == 0 ? 1 : 0) + (i % 2 == 0 ? 10 : 0) +
                (i >= 10 && i < 50 && i % 5 == 0 ? 100 : 0) +
                (i > 80 && i <= 90 && i % 2 == 0 ? 2000 : 0);
    if (hits[i] != want) {
      std::fprintf(stderr, "hits[%d] = %ld, want %ld\n", i, hits[i], want);
      bad = 1;
    }
  }
  int empty = 0;
#pragma acc parallel loop copy(empty)
  for (int i = 5; i <= 4; ++i)
    empty = 1;
  return bad || empty;
}
