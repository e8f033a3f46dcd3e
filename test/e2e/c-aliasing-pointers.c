/* Loops Ferry proves independent from their subscripts, over pointers that
   the program may call with the same memory (no `restrict`, no
   `independent`): sections in data clauses are not the program's word that
   arrays are distinct, so the launch compares their ranges and runs the
   loops in order where they overlap. Each function is called once with
   distinct arrays and once with the same memory: the results must be the
   sequential program's both times (the loops ran in parallel before, and
   `shift(x, x, n)` came out wrong on the host's threads). `kernels`, its
   plain loops, `parallel loop auto`, a `loop` nested in an iteration, a
   global array against a pointer, `present` sections, a reduction beside;
   and a loop that is independent where its two pointers are equal, run so.
   C and C++ (OpenACC sweep 12, F2).
   RUN: %ferry-clang -std=c11 -O2 %s -o %t
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
   The emulator's race check (a GPU would turn the races into wrong
   results), on shorter arrays:
   RUN: %emu-gfx90a FERRY_EMU_RACES=1 %run %t 4096 2>&1 | %count 0
   RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
   RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
*/
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 20, ROWS = 64, COLS = 255, WIDTH = COLS + 1 };
static double x[N + 1], y[N + 1], g[N + 1];

static void shift(double *a, const double *b, int n) {
#pragma acc kernels copy(a[0:n + 1]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    a[i + 1] = b[i] + 1.0;
}

/* Independent where a and b are equal too (`add_one(x, x, n)`): in
   parallel then; in order where they overlap otherwise (`add_one(x + 1, x,
   n)` is shift). */
static void add_one(double *a, const double *b, int n) {
#pragma acc kernels copy(a[0:n]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1.0;
}

static void shift_auto(double *a, const double *b, int n) {
#pragma acc parallel loop auto copy(a[0:n + 1]) copyin(b[0:n])
  for (int i = 0; i < n; i++)
    a[i + 1] = b[i] + 1.0;
}

static double shift_sum(double *a, const double *b, int n) {
  double s = 0;
#pragma acc kernels loop copy(a[0:n + 1]) copyin(b[0:n]) reduction(+:s)
  for (int i = 0; i < n; i++) {
    a[i + 1] = b[i] + 1.0;
    s += b[i];
  }
  return s;
}

/* Rows of WIDTH elements: the rows are independent (`parallel loop`), the
   loop along a row is proven only as long as a and b are distinct. */
static void shift_rows(double *a, const double *b) {
#pragma acc parallel loop copy(a[0:ROWS * WIDTH]) copyin(b[0:ROWS * WIDTH])
  for (int i = 0; i < ROWS; i++) {
#pragma acc loop auto
    for (int j = 0; j < COLS; j++)
      a[i * WIDTH + j + 1] = b[i * WIDTH + j] + 1.0;
  }
}

/* A global array against a pointer into it. */
static void shift_global(const double *p, int n) {
#pragma acc kernels copy(g) copyin(p[0:n])
  for (int i = 0; i < n; i++)
    g[i + 1] = p[i] + 1.0;
}

static void shift_present(double *a, const double *b, int n) {
#pragma acc kernels present(a[0:n + 1], b[0:n])
  for (int i = 0; i < n; i++)
    a[i + 1] = b[i] + 1.0;
}

static int check(const char *what, const double *v, int n, double first) {
  for (int i = 0; i <= n; i++)
    if (v[i] != first + i) {
      printf("c-aliasing-pointers: %s: element %d is %g, expected %g\n", what, i, v[i],
             first + i);
      return 1;
    }
  return 0;
}

static void fill(double *v, int n, double value) {
  for (int i = 0; i <= n; i++)
    v[i] = value;
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? atoi(argv[1]) : N;
  int bad = 0;
  /* Distinct arrays: y = 0, 1, 2, ... shifted into x. */
  for (int i = 0; i <= n; i++)
    y[i] = i;
  fill(x, n, 0);
  shift(x, y, n);
  bad += check("shift, distinct", x + 1, n - 1, 1);
  /* The same memory: x[i + 1] = x[i] + 1 in order. */
  fill(x, n, 0);
  shift(x, x, n);
  bad += check("shift, same memory", x, n, 0);
  for (int i = 0; i <= n; i++)
    x[i] = i;
  add_one(x, x, n + 1);
  bad += check("in place, same memory", x, n, 1);
  fill(x, n, 0);
#pragma acc data copy(x[0:n + 1])
  add_one(x + 1, x, n);
  bad += check("in place, overlapping", x, n, 0);
  fill(x, n, 0);
  shift_auto(x, x, n);
  bad += check("parallel loop auto, same memory", x, n, 0);
  fill(x, n, 0);
  shift_auto(x, y, n);
  bad += check("parallel loop auto, distinct", x + 1, n - 1, 1);
  fill(x, n, 0);
  const double s = shift_sum(x, x, n);
  bad += check("with a reduction, same memory", x, n, 0);
  if (s != (double)(n - 1) * n / 2) {
    printf("c-aliasing-pointers: the reduction is %g, expected %g\n", s,
           (double)(n - 1) * n / 2);
    bad++;
  }
  fill(x, ROWS * WIDTH - 1, 0);
  shift_rows(x, x);
  for (int i = 0; i < ROWS; i++)
    bad += check("rows, same memory", x + i * WIDTH, COLS, 0);
  fill(g, n, 0);
  shift_global(g, n);
  bad += check("global array, same memory", g, n, 0);
  fill(g, n, 0);
  shift_global(y, n);
  bad += check("global array, distinct", g + 1, n - 1, 1);
  fill(x, n, 0);
#pragma acc data copy(x)
  shift_present(x, x, n);
  bad += check("present, same memory", x, n, 0);
  return bad != 0;
}
