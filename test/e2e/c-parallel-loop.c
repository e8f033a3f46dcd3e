// Loop constructs in C (ferry-clang, C11): data clauses, firstprivate
// scalars, reductions of every operator on C's arithmetic types, collapse,
// every form of canonical loop, `if`, kernels/serial loops, `seq`.
// RUN: %ferry-clang -std=c11 -O2 -Wall -Wextra %s -o %t 2>&1 | %count 0
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// And through clang-19 with the plugin, at -O0.
// RUN: %clang-c -std=c11 -O0 -fplugin=%ferry-plugin -fplugin-arg-ferry-embed-ir -fplugin-arg-ferry-targets=gfx90a %s -o %t.O0 -L%ferry-libdir -lferry-rt
// RUN: env ACC_DEVICE_TYPE=host %run %t.O0 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.O0 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <stdlib.h>

enum { N = 1000 };

static void data_clauses(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b); /* void * converts */
  double x = 2.5;
  for (int i = 0; i < N; ++i)
    a[i] = i;
#pragma acc parallel loop copyin(a[0:N]) copyout(b[0:N])
  for (int i = 0; i < N; ++i)
    b[i] = a[i] * x + 1;
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += b[i] != i * 2.5 + 1;
  CHECK(bad == 0);
  /* An array of the function: implicitly copy. */
  int counts[16] = {0};
#pragma acc parallel loop
  for (int i = 0; i < 16; ++i)
    counts[i] = i * i;
  CHECK(counts[15] == 225 && counts[3] == 9);
  /* A section in the middle; create for a temporary. */
  double *t = malloc(N * sizeof *t);
#pragma acc parallel loop copy(a[10:N - 20]) create(t[0:N])
  for (int i = 10; i < N - 10; ++i) {
    t[i] = a[i] + 1;
    a[i] = t[i] * 2;
  }
  CHECK(a[9] == 9 && a[10] == 22 && a[N - 11] == (N - 11 + 1) * 2.0 && a[N - 10] == N - 10);
  free(a);
  free(b);
  free(t);
}

static void reductions(void) {
  int *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; ++i)
    v[i] = (i * 37) % 101 - 50;
  int sum = 5, prod = 1, mx = -1000, mn = 1000, band = ~0, bor = 0, bxor = 0, land = 1, lor = 0;
  double dsum = 0.5, dmax = -1e300;
  float fsum = 0;
  long long lsum = 0;
  unsigned umax = 0;
  char cmin = 127;
#pragma acc parallel loop copyin(v[0:N]) reduction(+:sum, dsum, fsum, lsum) reduction(max:mx, dmax, umax) reduction(min:mn, cmin)
  for (int i = 0; i < N; ++i) {
    sum += v[i];
    dsum += v[i] * 0.5;
    fsum += 1.0f;
    lsum += (long long)v[i] * 1000000;
    mx = v[i] > mx ? v[i] : mx;
    dmax = v[i] * 1.5 > dmax ? v[i] * 1.5 : dmax;
    umax = (unsigned)i > umax ? (unsigned)i : umax;
    mn = v[i] < mn ? v[i] : mn;
    cmin = (char)(v[i] % 100) < cmin ? (char)(v[i] % 100) : cmin;
  }
#pragma acc parallel loop copyin(v[0:N]) reduction(*:prod) reduction(&:band) reduction(|:bor) reduction(^:bxor) reduction(&&:land) reduction(||:lor)
  for (int i = 0; i < 20; ++i) {
    prod *= i % 3 == 0 ? 2 : 1;
    band &= ~(1 << (i % 8));
    bor |= 1 << (i % 12);
    bxor ^= i;
    land = land && v[i] > -100;
    lor = lor || v[i] == v[3];
  }
  int s = 5, m = -1000, n = 1000, x = 0;
  long long l = 0;
  for (int i = 0; i < N; ++i) {
    s += v[i];
    l += (long long)v[i] * 1000000;
    m = v[i] > m ? v[i] : m;
    n = v[i] < n ? v[i] : n;
  }
  for (int i = 0; i < 20; ++i)
    x ^= i;
  CHECK(sum == s && lsum == l && mx == m && mn == n);
  CHECK(near(dsum, 0.5 + s * 0.5 - 2.5, 1e-12) && dmax == m * 1.5 && fsum == N);
  CHECK(umax == N - 1 && cmin == -50);
  CHECK(prod == 128 && band == ~0xff && bor == 0xfff && bxor == x && land == 1 && lor == 1);
  free(v);
}

static void loop_forms(void) {
  int a[64] = {0};
  int i; /* declared outside, as C89 code does */
#pragma acc parallel loop copy(a)
  for (i = 63; i >= 0; i -= 3)
    a[i] = 1;
  int ones = 0;
  for (int k = 0; k < 64; ++k)
    ones += a[k];
  CHECK(ones == 22 && a[63] == 1 && a[60] == 1 && a[0] == 1 && a[1] == 0);
  unsigned u;
#pragma acc parallel loop copy(a)
  for (u = 2; u <= 10; u += 4)
    a[u] = 7;
  CHECK(a[2] == 7 && a[6] == 7 && a[10] == 7 && a[3] != 7);
  long count = 0;
#pragma acc parallel loop reduction(+:count)
  for (long k = 100; k != 0; --k)
    count += k;
  CHECK(count == 5050);
  /* No iterations. */
  int touched = 0;
#pragma acc parallel loop reduction(+:touched)
  for (int k = 5; k < 5; ++k)
    touched += 1;
  CHECK(touched == 0);
}

static void collapse(void) {
  double m[20][30];
  for (int i = 0; i < 20; ++i)
    for (int j = 0; j < 30; ++j)
      m[i][j] = 0;
#pragma acc parallel loop collapse(2) copy(m)
  for (int i = 0; i < 20; ++i)
    for (int j = 0; j < 30; ++j)
      m[i][j] = i * 100 + j;
  int bad = 0;
  for (int i = 0; i < 20; ++i)
    for (int j = 0; j < 30; ++j)
      bad += m[i][j] != i * 100 + j;
  CHECK(bad == 0);
  long total = 0;
#pragma acc parallel loop collapse(3) reduction(+:total)
  for (int i = 0; i < 4; ++i)
    for (int j = 3; j > 0; --j)
      for (int k = 0; k < 10; k += 2)
        total += i * 100 + j * 10 + k;
  long expect = 0;
  for (int i = 0; i < 4; ++i)
    for (int j = 3; j > 0; --j)
      for (int k = 0; k < 10; k += 2)
        expect += i * 100 + j * 10 + k;
  CHECK(total == expect);
}

static void where_it_runs(void) {
  int on_device = -1;
  int b[8] = {0};
  /* `if(0)`: the host runs it. */
#pragma acc parallel loop if(0) copy(b)
  for (int i = 0; i < 8; ++i)
    b[i] = i + 1;
  CHECK(b[7] == 8);
  int hits = 0;
#pragma acc kernels loop independent reduction(+:hits)
  for (int i = 0; i < 100; ++i)
    hits += 1;
  CHECK(hits == 100);
  /* Not independent: Ferry runs it in order. */
  double acc_[50];
  acc_[0] = 1;
#pragma acc kernels loop copy(acc_)
  for (int i = 1; i < 50; ++i)
    acc_[i] = acc_[i - 1] * 2;
  CHECK(acc_[49] == ldexp(1, 49));
  int order[10], k = 0;
#pragma acc serial loop copy(order, k)
  for (int i = 0; i < 10; ++i)
    order[k++] = i;
  CHECK(k == 10 && order[9] == 9);
  int seq_out[10];
#pragma acc parallel loop seq copyout(seq_out)
  for (int i = 0; i < 10; ++i)
    seq_out[i] = i == 0 ? 0 : i;
  CHECK(seq_out[9] == 9);
  (void)on_device;
}

int main(void) {
  data_clauses();
  reductions();
  loop_forms();
  collapse();
  where_it_runs();
  return report();
}
