// Reductions on whole arrays (OpenACC 3.2+): a histogram with '+', a
// product per slot with '*', a maximum per slot with 'max', on a combined
// construct, on a loop nested in a parallel construct's loop-only body, and
// into an array that a data construct also maps (it ends with the result),
// and on arrays of two and three dimensions (their elements in a row; the
// body uses them as declared).
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>

int main() {
  const int n = 10000;
  double hist[8] = {0};
  long prod[4] = {1, 1, 1, 1};
  int top[3] = {0, 0, 0};
  int err = 0;
#pragma acc parallel loop reduction(+:hist) reduction(*:prod) reduction(max:top)
  for (int i = 0; i < n; ++i) {
    hist[i % 8] += 1.0;
    if (i < 8)
      prod[i % 4] *= 2;
    top[i % 3] = i > top[i % 3] ? i : top[i % 3];
  }
  for (int k = 0; k < 8; ++k)
    if (hist[k] != n / 8) {
      std::printf("hist[%d] = %g\n", k, hist[k]);
      ++err;
    }
  for (int k = 0; k < 4; ++k)
    if (prod[k] != 4) {
      std::printf("prod[%d] = %ld\n", k, prod[k]);
      ++err;
    }
  if (top[0] != 9999 || top[1] != 9997 || top[2] != 9998) {
    std::printf("top = %d %d %d\n", top[0], top[1], top[2]);
    ++err;
  }
  unsigned bins[16] = {0};
#pragma acc data copy(bins)
  {
#pragma acc parallel
    {
#pragma acc loop reduction(+:bins)
      for (int i = 0; i < n; ++i)
        bins[(i * 7) % 16] += 1;
    }
  }
  for (int k = 0; k < 16; ++k)
    if (bins[k] != n / 16) {
      std::printf("bins[%d] = %u\n", k, bins[k]);
      ++err;
      break;
    }

  double grid[4][4] = {}, *first = &grid[0][0];
  int cube[2][3][2] = {};
#pragma acc parallel loop reduction(+:grid) reduction(max:cube)
  for (int i = 0; i < n; ++i) {
    grid[i % 4][i / 4 % 4] += 0.5;
    cube[i % 2][i % 3][i / 6 % 2] = cube[i % 2][i % 3][i / 6 % 2] > i ? cube[i % 2][i % 3][i / 6 % 2] : i;
  }
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b) {
      int count = 0;
      for (int i = 0; i < n; ++i)
        count += i % 4 == a && i / 4 % 4 == b;
      if (grid[a][b] != 0.5 * count) {
        std::printf("grid[%d][%d] = %g, want %g\n", a, b, grid[a][b], 0.5 * count);
        ++err;
      }
    }
  for (int i = 0; i < n; ++i)
    if (cube[i % 2][i % 3][i / 6 % 2] < i) {
      std::printf("cube: %d below %d\n", cube[i % 2][i % 3][i / 6 % 2], i);
      ++err;
      break;
    }
  if (first != &grid[0][0])
    ++err;
  return err;
}
