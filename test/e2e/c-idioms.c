// Valid C that C++ rejects, in and around regions (the reason C is not
// compiled as C++): implicit conversions from void *, `restrict`,
// identifiers that are C++ keywords, designated initializers in any
// order, compound literals, _Complex reductions, _Bool, an old-style
// definition; and every form of `atomic` on C's types (also with x in
// parentheses: `(x)--`).
// RUN: %ferry-clang -std=c11 -O2 -Wno-deprecated-non-prototype %s -o %t -lm 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// C17 still has old-style definitions; through clang-19 and the plugin:
// RUN: %clang-c -std=c17 -O1 -fplugin=%ferry-plugin -fplugin-arg-ferry-embed-ir -fplugin-arg-ferry-targets=gfx90a -Wno-deprecated-non-prototype %s -o %t.17 -L%ferry-libdir -lferry-rt -lm
// RUN: %emu-gfx90a %run %t.17 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <complex.h>
#include <stdlib.h>

struct point {
  double x, y;
  int class; /* a C++ keyword */
};

static double norm1(p) /* old-style definition */
    struct point *p;
{
  return fabs(p->x) + fabs(p->y);
}

static void axpy(int n, double a, const double *restrict x, double *restrict y) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}

static void idioms(void) {
  int n = 256;
  double *x = malloc(n * sizeof(double)), *y = malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i) {
    x[i] = i;
    y[i] = 1;
  }
  axpy(n, 2, x, y);
  CHECK(y[10] == 21 && y[n - 1] == 2.0 * (n - 1) + 1);
  struct point pts[4] = {[2] = {.y = 2, .x = 1, .class = 3}, [0].class = 1};
  int new = 0, this = 5; /* C++ keywords */
#pragma acc parallel loop copy(pts) reduction(+:new)
  for (int i = 0; i < 4; ++i) {
    pts[i].x += (struct point){.x = 10}.x;
    new += pts[i].class * this;
  }
  CHECK(pts[2].x == 11 && pts[3].x == 10 && new == 20 && norm1(&pts[2]) == 13);
  double complex z = 0;
  _Bool all = 1;
#pragma acc parallel loop reduction(+:z) reduction(&&:all)
  for (int i = 0; i < 100; ++i) {
    z += i + 1.0 * I;
    all = all && i < 100;
  }
  CHECK(creal(z) == 4950 && cimag(z) == 100 && all);
  free(x);
  free(y);
}

static void atomics(void) {
  enum { N = 2000 };
  int count = 0, hist[10] = {0}, captured[N];
  double sum = 0;
  float prod = 1;
  unsigned bits = 0;
  long last = -1;
#pragma acc parallel loop copy(count, hist, sum, prod, bits, last) copyout(captured)
  for (int i = 0; i < N; ++i) {
#pragma acc atomic update
    count++;
#pragma acc atomic
    hist[i % 10] += 1;
#pragma acc atomic update
    sum = sum + 0.5;
    if (i < 10) {
#pragma acc atomic update
      prod *= 2;
    }
#pragma acc atomic update
    bits |= 1u << (i % 32);
#pragma acc atomic capture
    captured[i] = count++;
#pragma acc atomic write
    last = 7;
  }
  long seen;
#pragma acc parallel loop copy(last) copyout(seen)
  for (int i = 0; i < 1; ++i) {
#pragma acc atomic read
    seen = last;
  }
  int distinct = 1;
  for (int i = 0; i < N && distinct; ++i)
    for (int j = i + 1; j < N && distinct; ++j)
      distinct = captured[i] != captured[j];
  CHECK(count == 2 * N && hist[3] == N / 10 && sum == N * 0.5 && prod == 1024);
  CHECK(bits == 0xffffffffu && last == 7 && seen == 7 && distinct);
  /* Capture blocks: old value, then new. */
  int x = 0, olds[100], news[100];
#pragma acc parallel loop copy(x) copyout(olds, news)
  for (int i = 0; i < 100; ++i) {
    int o, nw;
#pragma acc atomic capture
    {
      o = x;
      x += 2;
    }
#pragma acc atomic capture
    {
      x -= 1;
      nw = x;
    }
    olds[i] = o;
    news[i] = nw;
  }
  CHECK(x == 100 && olds[0] % 1 == 0 && news[0] >= 1);
  /* Parenthesised x, as the V&V suite writes it: (x)--, (x) = ... */
  int y = 1000, yolds[100], ynews[100];
#pragma acc parallel loop copy(y) copyout(yolds, ynews)
  for (int i = 0; i < 100; ++i) {
#pragma acc atomic capture
    {
      yolds[i] = y;
      (y)--;
    }
#pragma acc atomic capture
    {
      ((y))++;
      ynews[i] = (y);
    }
#pragma acc atomic update
    (y) -= 1;
  }
  int ysum = 0;
  for (int i = 0; i < 100; ++i)
    ysum += yolds[i] > 800 && yolds[i] <= 1000 && ynews[i] > 800 && ynews[i] <= 1000;
  CHECK(y == 900 && ysum == 100);
}

int main(void) {
  idioms();
  atomics();
  return report();
}
