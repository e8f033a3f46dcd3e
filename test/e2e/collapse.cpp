// collapse(n) over rectangular nests with mixed induction types, operators,
// steps and directions, variables declared outside the loops, braces between
// levels, 'continue', and reductions; checked against the same loops run
// sequentially. Host backend. Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cstdio>
#include <vector>

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "collapse: %s\n", what);
    ++failures;
  }
}

int main() {
  const int rows = 37, cols = 23;
  std::vector<int> m(rows * cols, -1);
  int *pm = m.data();
#pragma acc parallel loop collapse(2) copyout(pm[0:rows * cols])
  for (int i = 0; i < rows; ++i)
    for (long j = 0; j <= cols - 1; j += 1)
      pm[i * cols + j] = i * 1000 + int(j);
  int bad = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      bad += m[i * cols + j] != i * 1000 + j;
  expect(bad == 0, "collapse(2) rectangle");

  // Three levels, downward and strided, unsigned, outer variables declared
  // before the loops, braces between levels, and continue.
  const int nx = 5, ny = 7, nz = 9;
  std::vector<int> cube(nx * ny * nz, 0);
  int *pc = cube.data();
  int x;
  unsigned y;
#pragma acc parallel loop collapse(3) copy(pc[0:nx * ny * nz])
  for (x = nx - 1; x >= 0; --x) {
    for (y = 0; y != unsigned(ny); y++) {
      for (short z = 8; z > -1; z -= 2) {
        if (z == 4)
          continue;
        pc[(x * ny + int(y)) * nz + z] += 1 + x + int(y) + z;
      }
    }
  }
  bad = 0;
  for (int a = 0; a < nx; ++a)
    for (int b = 0; b < ny; ++b)
      for (int c = 0; c < nz; ++c) {
        int want = (c % 2 == 0 && c != 4) ? 1 + a + b + c : 0;
        bad += cube[(a * ny + b) * nz + c] != want;
      }
  expect(bad == 0, "collapse(3) with mixed loops");

  // Reduction over a collapsed nest, combined with the original value.
  long sum = 10;
  double mx = -1;
#pragma acc parallel loop collapse(2) reduction(+:sum) reduction(max:mx)
  for (int i = 1; i <= 100; ++i)
    for (int j = 100; j > 0; j -= 3)
      {
        sum += i * j;
        mx = double(i * j) > mx ? double(i * j) : mx;
      }
  long want = 10;
  double wmax = -1;
  for (int i = 1; i <= 100; ++i)
    for (int j = 100; j > 0; j -= 3) {
      want += i * j;
      wmax = double(i * j) > wmax ? double(i * j) : wmax;
    }
  expect(sum == want && mx == wmax, "reductions over collapse(2)");

  // tile(8, 4) over a 2-level nest and tile(*) over one loop: the same
  // results as the plain loops.
  std::vector<int> t(rows * cols, 0);
  int *ptt = t.data();
#pragma acc parallel loop tile(8, 4) copy(ptt[0:rows * cols])
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      ptt[i * cols + j] = i - j;
#pragma acc parallel loop tile(*) copy(ptt[0:rows * cols])
  for (int k = 0; k < rows * cols; ++k)
    ptt[k] *= 2;
  bad = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      bad += t[i * cols + j] != 2 * (i - j);
  expect(bad == 0, "tile");

  // An empty level makes the whole nest empty.
  int touched = 0;
  int *pt = &touched;
#pragma acc parallel loop collapse(2) copy(pt[0:1])
  for (int i = 0; i < 10; ++i)
    for (int j = 5; j < 5; ++j)
      pt[0] = 1;
  expect(touched == 0, "an empty inner loop ran");
  return failures ? 1 : 0;
}
