// The parallel, kernels and serial constructs with loop constructs inside
// (and loops nested in loop bodies, which run within each iteration), data
// clauses on the compute construct, nested data constructs. Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cstdio>
#include <vector>

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "compute-constructs: %s\n", what);
    ++failures;
  }
}

int main() {
  const int n = 1000, m = 16;
  std::vector<double> a(n * m, 0.0), rowsum(n, 0.0);
  double *pa = a.data(), *pr = rowsum.data();

#pragma acc parallel copy(pa[0:n * m]) copyout(pr[0:n])
  {
#pragma acc loop gang
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j)
        pa[i * m + j] = i + 0.5 * j;
#pragma acc loop gang vector
    for (int i = 0; i < n; ++i) {
      double s = 0;
#pragma acc loop seq reduction(+:s)
      for (int j = 0; j < m; ++j)
        s += pa[i * m + j];
      pr[i] = s;
    }
  }
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += rowsum[i] != m * i + 0.5 * (m * (m - 1) / 2);
  expect(bad == 0, "parallel construct with loops");

  // kernels: each loop a region of its own; serial: everything in order.
  long total = 0;
  std::vector<long> v(n);
  long *pv = v.data();
#pragma acc kernels copy(pv[0:n])
  {
#pragma acc loop independent
    for (int i = 0; i < n; ++i)
      pv[i] = i;
#pragma acc loop reduction(+:total)
    for (int i = 0; i < n; ++i)
      total += pv[i];
  }
  expect(total == long(n) * (n - 1) / 2, "kernels construct with a reduction loop");

  std::vector<int> order;
  int *po = nullptr;
  order.assign(10, -1);
  po = order.data();
  int next = 0;
  int *pn = &next;
#pragma acc serial copy(po[0:10], pn[0:1])
  {
#pragma acc loop
    for (int i = 0; i < 10; ++i)
      po[i] = pn[0]++;
  }
  bad = 0;
  for (int i = 0; i < 10; ++i)
    bad += order[i] != i;
  expect(bad == 0, "serial construct runs its loop in order");
  return failures ? 1 : 0;
}
