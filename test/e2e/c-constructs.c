// Compute, data and executable constructs in C: parallel blocks of loops,
// parallel/serial/kernels constructs that are one region, nested loops,
// private and firstprivate, data / enter data / exit data / update,
// host_data, async and wait, deviceptr, struct members, default(none).
// RUN: %ferry-clang -std=c11 -O2 -Wall %s -o %t 2>&1 | %count 0
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check_c.h"
#include <openacc.h>
#include <stdlib.h>
#include <string.h>

enum { N = 512 };

struct grid {
  int n;
  double *v;
};

static void parallel_blocks(double *a, double *b) {
  for (int i = 0; i < N; ++i)
    a[i] = i;
  /* A block of loops: each loop a region. */
#pragma acc parallel copy(a[0:N]) copyout(b[0:N])
  {
#pragma acc loop
    for (int i = 0; i < N; ++i)
      a[i] += 1;
#pragma acc loop gang vector
    for (int i = 0; i < N; ++i)
      b[i] = a[i] * 2;
  }
  CHECK(a[10] == 11 && b[10] == 22 && b[N - 1] == 2.0 * N);
  /* Statements around the loops: one region (one work-item). */
  double total = 0;
#pragma acc parallel copyin(a[0:N]) copy(total)
  {
    double local = 0;
#pragma acc loop reduction(+:local)
    for (int i = 0; i < N; ++i)
      local += a[i];
    total = local;
  }
  CHECK(total == N * (N + 1) / 2.0);
  /* Nested loops in a region's iterations (gang, worker, vector). */
  double m[16][32];
#pragma acc parallel loop gang copyout(m)
  for (int i = 0; i < 16; ++i) {
    double row = i * 1000.0;
#pragma acc loop worker
    for (int j = 0; j < 4; ++j) {
#pragma acc loop vector
      for (int k = 0; k < 8; ++k)
        m[i][j * 8 + k] = row + j * 8 + k;
    }
  }
  CHECK(m[15][31] == 15031 && m[3][9] == 3009);
  /* An inner reduction into a variable of the iteration. */
  double rows[16];
#pragma acc parallel loop copyin(m) copyout(rows)
  for (int i = 0; i < 16; ++i) {
    double s = 0;
#pragma acc loop reduction(+:s)
    for (int j = 0; j < 32; ++j)
      s += m[i][j];
    rows[i] = s;
  }
  CHECK(rows[2] == 2000.0 * 32 + 31 * 16);
}

static void serial_and_kernels(void) {
  int fib[20];
#pragma acc serial copyout(fib)
  {
    fib[0] = 0;
    fib[1] = 1;
    for (int i = 2; i < 20; ++i)
      fib[i] = fib[i - 1] + fib[i - 2];
  }
  CHECK(fib[19] == 4181);
  int count = 0;
  double w[100];
#pragma acc kernels copyout(w)
  {
    for (int i = 0; i < 100; ++i)
      w[i] = i * 0.5;
    count = 100; /* a scalar kernels assigns: copy */
  }
  CHECK(count == 100 && w[99] == 49.5);
}

static void privates(void) {
  int out[64];
  int t = -1, base = 7;
  double tmp[4];
#pragma acc parallel loop private(t, tmp) firstprivate(base) copyout(out)
  for (int i = 0; i < 64; ++i) {
    t = i * 2;
    for (int k = 0; k < 4; ++k)
      tmp[k] = t + k;
    out[i] = (int)tmp[3] + base;
    base += 0; /* a copy of its own */
  }
  CHECK(out[0] == 10 && out[63] == 136 && t == -1 && base == 7);
  /* Private and firstprivate sections: a copy per gang (work-item). */
  int *scratch = malloc(8 * sizeof *scratch), seed[8];
  for (int k = 0; k < 8; ++k)
    seed[k] = k * 10;
#pragma acc parallel loop private(scratch[2:4]) firstprivate(seed[0:8]) copyout(out)
  for (int i = 0; i < 64; ++i) {
    for (int k = 2; k < 6; ++k)
      scratch[k] = i + k;
    out[i] = scratch[2] + scratch[5] + seed[i % 8];
  }
  CHECK(out[0] == 0 + 2 + 5 && out[63] == 63 * 2 + 7 + 70 && seed[7] == 70);
  free(scratch);
  /* Array reductions: a whole array and a section. */
  long hist[8] = {0}, part[16];
  for (int k = 0; k < 16; ++k)
    part[k] = 100;
#pragma acc parallel loop reduction(+:hist) reduction(max:part[4:8])
  for (int i = 0; i < 1000; ++i) {
    hist[i % 8] += 1;
    part[4 + i % 8] = part[4 + i % 8] > i ? part[4 + i % 8] : i;
  }
  CHECK(hist[0] == 125 && hist[7] == 125 && part[3] == 100 && part[4] == 992 &&
        part[11] == 999 && part[12] == 100);
}

static void data_constructs(double *a, double *b) {
  for (int i = 0; i < N; ++i) {
    a[i] = 1;
    b[i] = 0;
  }
#pragma acc data copyin(a[0:N]) copy(b[0:N])
  {
    int scale = 3; /* declared in the data construct's block */
    for (int rep = 0; rep < 2; ++rep) {
#pragma acc parallel loop present(a[0:N], b[0:N])
      for (int i = 0; i < N; ++i)
        b[i] += a[i] * scale + rep;
    }
  }
  CHECK(b[0] == 7 && b[N - 1] == 7);
#pragma acc enter data copyin(a[0:N]) create(b[0:N])
#pragma acc parallel loop present(a[0:N], b[0:N])
  for (int i = 0; i < N; ++i)
    b[i] = a[i] + i;
#pragma acc update self(b[0:N / 2])
  CHECK(b[10] == 11 && b[N / 2 - 1] == N / 2);
  for (int i = 0; i < N; ++i)
    a[i] = 5;
#pragma acc update device(a[0:N])
#pragma acc parallel loop present(a[0:N], b[0:N])
  for (int i = 0; i < N; ++i)
    b[i] = a[i];
#pragma acc exit data copyout(b[0:N]) delete(a[0:N])
  CHECK(b[N - 1] == 5);
  CHECK(acc_get_device_type() == acc_device_host || !acc_is_present(a, N * sizeof *a));
  /* Async queues and wait. */
#pragma acc parallel loop copy(a[0:N]) async(1)
  for (int i = 0; i < N; ++i)
    a[i] = 2;
#pragma acc wait(1)
#pragma acc parallel loop copy(b[0:N]) async(2) wait(1)
  for (int i = 0; i < N; ++i)
    b[i] = 4;
#pragma acc wait
  CHECK(a[0] == 2 && b[N - 1] == 4);
}

static void addresses(double *a) {
  for (int i = 0; i < N; ++i)
    a[i] = i;
  double *d = acc_malloc(N * sizeof *d);
  int on_gpu = acc_get_device_type() != acc_device_host;
  if (!on_gpu)
    d = a; /* the host is the device */
#pragma acc parallel loop deviceptr(d) copyin(a[0:N])
  for (int i = 0; i < N; ++i)
    d[i] = a[i] * 10;
  double back[N];
  if (on_gpu)
    acc_memcpy_from_device(back, d, sizeof back);
  else
    memcpy(back, d, sizeof back);
  CHECK(back[7] == 70);
  if (on_gpu)
    acc_free(d);
  double *p = a;
#pragma acc data copy(p[0:N])
  {
    double *dp = p;
#pragma acc host_data use_device(p)
    {
      dp = p; /* the device address */
    }
    CHECK(on_gpu ? dp == acc_deviceptr(a) : dp == a);
  }
  /* A struct with a member section. */
  struct grid g = {N, a};
#pragma acc parallel loop copy(g.v[0:g.n])
  for (int i = 0; i < g.n; ++i)
    g.v[i] = -i;
  CHECK(a[5] == -5);
  int x = 4;
#pragma acc parallel loop default(none) copy(a[0:N]) firstprivate(x)
  for (int i = 0; i < N; ++i)
    a[i] = x;
  CHECK(a[N - 1] == 4);
}

/* `declare` in a function: its data from the directive to the end of the
 * scope; two in one scope. */
static void declared(double *a, double *b, int n) {
#pragma acc declare copy(a[0:n])
#pragma acc declare copyin(b[0:n])
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += b[i];
}

int main(void) {
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  for (int i = 0; i < N; ++i) {
    a[i] = i;
    b[i] = 1;
  }
  declared(a, b, N);
  CHECK(a[0] == 1 && a[N - 1] == N);
  parallel_blocks(a, b);
  serial_and_kernels();
  privates();
  data_constructs(a, b);
  addresses(a);
  free(a);
  free(b);
  return report();
}
