// `tile` as real tiles (OpenACC 3.3 2.9.8): the tile loops go to gangs, the
// element loops to a gang's work-items. 2-D and 3-D tiles over extents that
// are no multiple of the tile (partial tiles at every edge), tile(*) and
// tile(*, *) defaults (and a size that is no literal), a downward and a stepped loop, a tile with a
// reduction, a 1-D tile, and a tiled sweep inside a `parallel` construct with
// a time loop. Every element is written exactly once and equals the host's.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <vector>

constexpr int R = 37, C = 45, P = 11;

static double grid[R][C];         // a global array, as users write them
static double next_grid[R][C];

static void smooth(double (*in)[C], double (*out)[C], int steps) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < R - 1; ++i)
      for (int j = 1; j < C - 1; ++j)
        out[i][j] = 0.25 * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] + in[i][j + 1]);
    for (int i = 1; i < R - 1; ++i)
      for (int j = 1; j < C - 1; ++j)
        in[i][j] = out[i][j];
  }
}

int main() {
  std::vector<int> mv(R * C, 0), cv(P * R * C, 0), ov(R * C, 0);
  int *m = mv.data(), *cube = cv.data(), *once = ov.data();

  // 2-D tiles that divide neither extent; the inner loop runs downwards.
#pragma acc parallel loop tile(8, 16) copy(m[0:R * C])
  for (int i = 0; i < R; ++i)
    for (int j = C - 1; j >= 0; --j)
      m[i * C + j] += i * 1000 + j + 1;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      CHECK(m[i * C + j] == i * 1000 + j + 1);

  // 3-D tiles, every extent ragged, stepped middle loop.
#pragma acc parallel loop tile(2, 4, 32) copy(cube[0:P * R * C])
  for (int k = 0; k < P; ++k)
    for (int i = 0; i < R; i += 2)
      for (int j = 0; j < C; ++j)
        cube[(k * R + i) * C + j] += k * 100000 + i * 100 + j + 1;
  for (int k = 0; k < P; ++k)
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j)
        CHECK(cube[(k * R + i) * C + j] == (i % 2 ? 0 : k * 100000 + i * 100 + j + 1));

  // Defaults: tile(*, *) and tile(*, *, *); each element counted once.
#pragma acc parallel loop tile(*, *) copy(once[0:R * C])
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      once[i * C + j] += 1;
#pragma acc parallel loop tile(*, *, *) copy(cube[0:P * R * C])
  for (int k = 0; k < P; ++k)
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < C; ++j)
        cube[(k * R + i) * C + j] = -1;
  for (int i = 0; i < R * C; ++i)
    CHECK(once[i] == 1);
  for (int i = 0; i < P * R * C; ++i)
    CHECK(cube[i] == -1);
  // A size that is no literal (a warning) takes the default, as '*'.
  const int third = R / 3;
#pragma acc parallel loop tile(third, 16) copy(once[0:R * C])
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      once[i * C + j] += 1;
  for (int i = 0; i < R * C; ++i)
    CHECK(once[i] == 2);

  // A tile with reductions, and a 1-D tile.
  long sum = 0;
  int top = -1;
#pragma acc parallel loop tile(4, 8) copyin(m[0:R * C]) reduction(+:sum) reduction(max:top)
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      sum += m[i * C + j];
      top = m[i * C + j] > top ? m[i * C + j] : top;
    }
  long sumr = 0;
  int topr = -1;
  for (int i = 0; i < R * C; ++i) {
    sumr += m[i];
    topr = m[i] > topr ? m[i] : topr;
  }
  CHECK(sum == sumr);
  CHECK(top == topr);
  std::vector<double> xv(1000);
  double *x = xv.data();
#pragma acc parallel loop tile(96) copyout(x[0:1000])
  for (int i = 0; i < 1000; ++i)
    x[i] = 0.5 * i;
  for (int i = 0; i < 1000; ++i)
    CHECK(x[i] == 0.5 * i);

  // A tiled sweep in a time loop inside `parallel`, on global arrays.
  double ref[R][C], refn[R][C];
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      grid[i][j] = ref[i][j] = (i * 31 + j * 17) % 23 * 0.5, next_grid[i][j] = refn[i][j] = 0;
  const int steps = 5;
#pragma acc parallel copy(grid, next_grid)
  {
    for (int t = 0; t < steps; ++t) {
#pragma acc loop tile(8, 32)
      for (int i = 1; i < R - 1; ++i)
        for (int j = 1; j < C - 1; ++j)
          next_grid[i][j] = 0.25 * (grid[i - 1][j] + grid[i + 1][j] + grid[i][j - 1] +
                                    grid[i][j + 1]);
#pragma acc loop tile(*, *)
      for (int i = 1; i < R - 1; ++i)
        for (int j = 1; j < C - 1; ++j)
          grid[i][j] = next_grid[i][j];
    }
  }
  smooth(ref, refn, steps);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      CHECK(grid[i][j] == ref[i][j]);
  return report();
}
