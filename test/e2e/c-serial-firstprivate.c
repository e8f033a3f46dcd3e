/* Firstprivate variables that a loop running in order updates: a `serial
 * loop`, a `parallel loop seq`, a loop Ferry finds dependent (`loop auto`),
 * `num_gangs(1)` with `loop seq`. The iterations run on one work-item, in
 * order, and share the gang's one copy, initialized once when the construct
 * starts (OpenACC 3.3 2.5.14): prefix sums, counters, recurrences, copies of
 * arrays and structs, a pointer that walks an output array. On GPUs each
 * iteration used to start from a fresh copy (the device library called the
 * region's chunk once per iteration, and a chunk copies the firstprivate
 * values): every hit of the counter wrote idx[0], the prefix sums were the
 * elements. In C and, compiled as C++, C++.
 * RUN: %ferry-clang -O2 %s -o %t
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

enum { N = 100 };

struct Pair {
  double sum;
  int count;
};

int main(void) {
  double a[N], p[N], y[N], out[N];
  int idx[N];
  for (int i = 0; i < N; i++)
    a[i] = (i % 5) - 1;

  /* A prefix sum: s is implicitly firstprivate. */
  double s = 0;
#pragma acc serial loop copyin(a) copyout(p)
  for (int i = 0; i < N; i++) {
    s += a[i];
    p[i] = s;
  }
  double e = 0;
  for (int i = 0; i < N; i++) {
    e += a[i];
    CHECK(p[i] == e);
  }

  /* Stream compaction with an explicit firstprivate counter. */
  int k = 0;
  for (int i = 0; i < N; i++)
    idx[i] = -1;
#pragma acc parallel loop seq firstprivate(k) copyin(a) copy(idx)
  for (int i = 0; i < N; i++)
    if (a[i] > 0)
      idx[k++] = i;
  int m = 0;
  for (int i = 0; i < N; i++)
    if (a[i] > 0)
      CHECK(idx[m++] == i);
  CHECK(idx[m] == -1);

  /* A first-order recurrence in a loop Ferry runs in order. */
  double x = 0;
#pragma acc parallel loop auto copyin(a) copyout(y)
  for (int i = 0; i < N; i++) {
    x = 0.5 * x + a[i];
    y[i] = x;
  }
  e = 0;
  for (int i = 0; i < N; i++) {
    e = 0.5 * e + a[i];
    CHECK(y[i] == e);
  }

  /* One gang running a `loop seq`. */
  int c = 10;
#pragma acc parallel num_gangs(1) firstprivate(c) copyin(a) copyout(idx)
  {
#pragma acc loop seq
    for (int i = 0; i < N; i++) {
      c += a[i] > 0;
      idx[i] = c;
    }
  }
  m = 10;
  for (int i = 0; i < N; i++) {
    m += a[i] > 0;
    CHECK(idx[i] == m);
  }

  /* A firstprivate array and struct. */
  double acc4[4] = {0, 0, 0, 0};
  struct Pair st = {0, 0};
#pragma acc serial loop firstprivate(acc4, st) copyin(a) copyout(p, y)
  for (int i = 0; i < N; i++) {
    acc4[i % 4] += a[i];
    p[i] = acc4[i % 4];
    st.sum += a[i];
    st.count++;
    y[i] = st.sum * st.count;
  }
  double ea[4] = {0, 0, 0, 0}, es = 0;
  for (int i = 0; i < N; i++) {
    ea[i % 4] += a[i];
    es += a[i];
    CHECK(p[i] == ea[i % 4]);
    CHECK(y[i] == es * (i + 1));
  }

  /* A pointer walking the output. */
  for (int i = 0; i < N; i++)
    out[i] = -1;
  double *w = out;
#pragma acc serial loop copyin(a) copy(out)
  for (int i = 0; i < N; i++)
    if (i % 2 == 0)
      *w++ = a[i];
  for (int i = 0; i < N / 2; i++)
    CHECK(out[i] == a[2 * i]);
  CHECK(out[N / 2] == -1);
  return report();
}
