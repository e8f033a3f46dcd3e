// `atomic` on a member of a struct no clause names (update, capture,
// write): the struct is one the region changes, so OpenACC's implicit copy
// brings the updates back, as an assignment to a member does. Before, the
// rewritten atomic statement named the member inside a call, the struct
// looked unchanged, stayed the closure's copy, and every update was lost
// (0 where 64 was right, on every device). C and C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include <stdio.h>

typedef struct {
  int count;
  double sum;
  int slots[4];
} Tally;

int main(void) {
  Tally t = {0, 0.0, {0, 0, 0, 0}}, w = {0, 0.0, {0, 0, 0, 0}};
  int taken[64], bad = 0;
#pragma acc parallel loop copyout(taken)
  for (int i = 0; i < 64; ++i) {
#pragma acc atomic update
    t.count += 1;
#pragma acc atomic update
    t.sum += 0.5;
#pragma acc atomic capture
    taken[i] = t.slots[i % 4]++;
  }
#pragma acc parallel loop
  for (int i = 0; i < 64; ++i) {
    if (i == 7) {
#pragma acc atomic write
      w.count = 7;
    }
  }
  int seen[16] = {0};
  for (int i = 0; i < 64; ++i)
    if (taken[i] >= 0 && taken[i] < 16)
      seen[taken[i]]++;
  for (int k = 0; k < 16; ++k)
    if (seen[k] != 4)
      printf("slot value %d taken %d times, expected 4\n", k, seen[k]), ++bad;
  if (t.count != 64 || t.sum != 32.0 || t.slots[1] != 16 || w.count != 7)
    printf("count %d sum %g slots[1] %d write %d, expected 64 32 16 7\n", t.count, t.sum,
           t.slots[1], w.count),
        ++bad;
  return bad != 0;
}
