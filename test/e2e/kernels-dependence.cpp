// A 'kernels loop' without 'independent' may carry a dependence between
// iterations (Ferry runs it in order); 'serial loop' always runs in order;
// 'kernels loop independent' runs in parallel. Host backend. Silent.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cstdio>
#include <vector>

int main() {
  const int n = 100000;
  std::vector<long> v(n, 1);
  long *p = v.data();
#pragma acc kernels loop copy(p[0:n])
  for (int i = 1; i < n; ++i)
    p[i] += p[i - 1]; // prefix sum: needs the previous iteration
  int bad = p[n - 1] != n;
#pragma acc serial loop copy(p[0:n])
  for (int i = n - 2; i >= 0; --i)
    p[i] = p[i + 1] - 1; // back again, in order
  bad += p[0] != 1;
  long sum = 0;
#pragma acc kernels loop independent copyin(p[0:n]) reduction(+:sum)
  for (int i = 0; i < n; ++i)
    sum += p[i];
  bad += sum != long(n) * (n + 1) / 2;
#pragma acc serial loop reduction(max:sum)
  for (int i = 0; i < 10; ++i)
    sum = i > sum ? i : sum;
  bad += sum != long(n) * (n + 1) / 2;
  if (bad)
    std::fprintf(stderr, "kernels-dependence: %d wrong\n", bad);
  return bad ? 1 : 0;
}
