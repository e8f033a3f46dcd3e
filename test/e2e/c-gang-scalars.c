/* Scalars a gang shares that are not declared in its iteration: named in
 * `private` on the gang loop or its `parallel` construct, or declared
 * before a `parallel` construct (firstprivate: one copy per gang), as C89
 * code declares its variables at the top. A vector loop nested in the gang's
 * iteration that updates one (atomically, in place, or assigns it under a
 * condition) runs in order inside the iteration (before: each work-item
 * kept its own copy and the gang used lane 0's: a count of 1 where 100 was
 * right, a "found" flag that stayed 0). A scalar each vector iteration
 * assigns first stays each work-item's own and the loop spreads. In C and,
 * compiled as C++, C++; race-checked on the emulated devices.
 * RUN: %ferry-clang -std=c89 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

enum { G = 6, P = 100 };

/* `n` a parameter: firstprivate too. */
static void flags(const int *key, int *neg, int n) {
  int g, k;
#pragma acc parallel loop gang copyin(key[0:G * P]) copyout(neg[0:G])
  for (g = 0; g < G; g++) {
    n = 0;
#pragma acc loop vector
    for (k = 0; k < P; k++)
      if (key[g * P + k] < 0)
        n = 1;
    neg[g] = n;
  }
}

int main(void) {
  int count[G], found[G], maxima[G], sums[G], neg[G], key[G * P];
  float scaled[G * P];
  int g, k, c, f, m, s, t;
  for (k = 0; k < G * P; k++)
    key[k] = (k * 7) % 11 - 5 + (k / P == 2 ? 100 : 0);

#pragma acc parallel loop gang private(c) copyout(count) copyin(key)
  for (g = 0; g < G; g++) {
    c = 0;
#pragma acc loop vector
    for (k = 0; k < P; k++) {
      if (key[g * P + k] > 0) {
#pragma acc atomic update
        c++;
      }
    }
    count[g] = c;
  }

#pragma acc parallel copyout(found, maxima) copyin(key)
  {
#pragma acc loop gang
    for (g = 0; g < G; g++) {
      f = 0;
      m = -1000;
#pragma acc loop vector
      for (k = 0; k < P; k++) {
        if (key[g * P + k] == 5)
          f = 1;
        if (key[g * P + k] > m)
          m = key[g * P + k];
      }
      found[g] = f;
      maxima[g] = m;
    }
  }

#pragma acc parallel private(s) copyout(sums) copyin(key)
  {
#pragma acc loop gang
    for (g = 0; g < G; g++) {
      s = 0;
#pragma acc loop vector
      for (k = 0; k < P; k++) {
#pragma acc atomic update
        s += key[g * P + k];
      }
      sums[g] = s;
    }
  }

  /* A temporary each vector iteration assigns first: its own, spread. */
#pragma acc parallel loop gang copyout(scaled) copyin(key)
  for (g = 0; g < G; g++) {
#pragma acc loop vector
    for (k = 0; k < P; k++) {
      t = 3 * key[g * P + k];
      scaled[g * P + k] = (float)t;
    }
  }

  flags(key, neg, -1);

  for (g = 0; g < G; g++) {
    int want_count = 0, want_found = 0, want_max = -1000, want_sum = 0, want_neg = 0;
    for (k = 0; k < P; k++) {
      const int v = key[g * P + k];
      want_count += v > 0;
      want_found |= v == 5;
      want_max = v > want_max ? v : want_max;
      want_sum += v;
      want_neg |= v < 0;
      CHECK(scaled[g * P + k] == (float)(3 * v));
    }
    CHECK(count[g] == want_count);
    CHECK(found[g] == want_found);
    CHECK(maxima[g] == want_max);
    CHECK(sums[g] == want_sum);
    CHECK(neg[g] == want_neg);
  }
  return report();
}
