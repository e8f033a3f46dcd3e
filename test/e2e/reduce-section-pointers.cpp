// The name of a reduction's array section or whole array in the loop body
// is also a pointer (or the array itself) as the original's indices reach
// it: `*sum += x` of `reduction(+:sum[:1])` (an n-body code's centre of
// mass), `*(h + k) += 1`, passing it to a `routine` taking `int *`, and
// `int *p = q` and `sizeof q` of a whole array. These were refused in
// clang's words about Ferry's types ("indirection requires pointer operand
// ('section_view<float>' invalid)", "no viable conversion from
// 'std::array<int, 8>' to 'int *'"); C accepted them.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <cstdlib>

#pragma acc routine seq
static void bump(int *h, int k) { h[k] += 1; }

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    ++failures;
  }
}

int main() {
  const int n = 1000;
  float *a = static_cast<float *>(std::malloc(n * sizeof(float)));
  float *sum = static_cast<float *>(std::malloc(sizeof(float)));
  int *h = static_cast<int *>(std::calloc(16, sizeof(int)));
  int g[8] = {0}, q[8] = {0};
  for (int i = 0; i < n; i++)
    a[i] = i + 1;
  *sum = 0;
#pragma acc parallel loop copyin(a[0:n]) copy(sum[0:1]) reduction(+:sum[:1])
  for (int i = 0; i < n; i++)
    *sum += a[i];
  expect(*sum == 500500, "*sum of sum[:1]");

  // A section that starts past 0: the pointer reaches h[8..16) by their
  // own indices.
#pragma acc parallel loop copy(h[8:8]) reduction(+:h[8:8])
  for (int i = 0; i < n; i++)
    *(h + 8 + i % 8) += 1;
  expect(h[11] == 125 && h[3] == 0, "*(h + k) of h[8:8]");

#pragma acc parallel loop copy(g) reduction(+:g[0:8])
  for (int i = 0; i < n; i++)
    bump(g, i % 8);
  expect(g[3] == 125, "bump(g, k) of g[0:8]");

  int bytes = 0;
#pragma acc parallel loop reduction(+:q) reduction(max:bytes)
  for (int i = 0; i < n; i++) {
    int *p = q;
    p[i % 8] += 1;
    bytes = bytes > int(sizeof q) ? bytes : int(sizeof q);
  }
  expect(q[3] == 125 && bytes == 32, "int *p = q, sizeof q of a whole array");
  std::free(a);
  std::free(sum);
  std::free(h);
  return failures;
}
