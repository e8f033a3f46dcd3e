/* A scalar declared in the iteration of a gang loop and updated by the
 * vector loop nested in it: OpenACC shares it among the gang's work-items
 * (ZPIC's particle sort reserves slots with `atomic capture` of two such
 * counters), where Ferry keeps a copy on each work-item. Such a loop runs
 * in order inside the iteration (before: each work-item counted its own
 * iterations into its own copy, and the gang kept lane 0's: 1 of 100). A
 * temporary that each iteration assigns first stays each work-item's own,
 * and the loop spreads (plugin/iteration-scalar-remarks.c). In C and,
 * compiled as C++, C++; race-checked on the emulated devices.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

enum { G = 6, P = 100 };

int main(void) {
  int count[G], found[G], slot[G * P], key[G * P];
  float scaled[G * P];
  for (int i = 0; i < G * P; i++)
    key[i] = (i * 7) % 11 - 5;

  /* A count by `atomic update`. */
#pragma acc parallel loop gang copyout(count)
  for (int g = 0; g < G; g++) {
    int c = 0;
#pragma acc loop vector
    for (int k = 0; k < P; k++) {
      if (k % 3 == 0) {
#pragma acc atomic update
        c++;
      }
    }
    count[g] = c;
  }
  for (int g = 0; g < G; g++)
    CHECK(count[g] == 34);

  /* Slots reserved from both ends by `atomic capture` (negative keys from
     the front, the others from the back): every slot once. */
#pragma acc parallel loop gang copyin(key) copyout(slot)
  for (int g = 0; g < G; g++) {
    int left = g * P - 1, right = (g + 1) * P;
#pragma acc loop vector
    for (int k = 0; k < P; k++) {
      int idx;
      if (key[g * P + k] < 0) {
#pragma acc atomic capture
        idx = ++left;
      } else {
#pragma acc atomic capture
        idx = --right;
      }
      slot[idx] = k;
    }
  }
  for (int g = 0; g < G; g++) {
    int seen[P] = {0};
    for (int s = g * P; s < (g + 1) * P; s++) {
      CHECK(slot[s] >= 0 && slot[s] < P);
      seen[slot[s]]++;
    }
    for (int k = 0; k < P; k++)
      CHECK(seen[k] == 1);
  }

  /* A flag set under a condition, read after the loop; and a temporary
     each iteration assigns first, which stays each work-item's own. */
#pragma acc parallel loop gang copyin(key) copyout(found, scaled)
  for (int g = 0; g < G; g++) {
    int f = 0;
    float t;
#pragma acc loop vector
    for (int k = 0; k < P; k++) {
      t = 0.5f * (float)key[g * P + k];
      scaled[g * P + k] = t + (float)g;
      if (key[g * P + k] == -5 && k > 90 - 10 * g)
        f = 1;
    }
    found[g] = f;
  }
  for (int g = 0; g < G; g++) {
    int want = 0;
    for (int k = 0; k < P; k++) {
      CHECK(scaled[g * P + k] == 0.5f * (float)key[g * P + k] + (float)g);
      if (key[g * P + k] == -5 && k > 90 - 10 * g)
        want = 1;
    }
    CHECK(found[g] == want);
  }
  return report();
}
