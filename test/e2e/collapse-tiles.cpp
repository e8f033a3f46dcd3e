// Two-level nests that run in 8x32 tiles (collapse(2), and a loop that is
// the whole body of a region's loop): sizes that are not multiples of a
// tile (the indices past the edges are skipped), a nest too narrow to tile,
// a reduction and a `continue` in the body, a downward inner loop. Every
// element is written exactly once; the counts match the host's.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <vector>

int main() {
  const int rows = 37, cols = 45;
  std::vector<int> mv(rows * cols, 0), nv(rows * 5, 0);
  int *m = mv.data(), *narrow = nv.data();
  long visited = 0, odd = 0;
#pragma acc parallel loop collapse(2) copy(m[0:rows * cols]) reduction(+:visited)
  for (int i = 0; i < rows; ++i)
    for (int j = cols - 1; j >= 0; --j) {
      m[i * cols + j] += i * 1000 + j + 1;
      ++visited;
    }
#pragma acc parallel loop copy(m[0:rows * cols]) reduction(+:odd)
  for (int i = 0; i < rows; ++i) {
#pragma acc loop
    for (int j = 0; j < cols; ++j) {
      if ((i + j) % 2 == 0)
        continue;
      m[i * cols + j] = -m[i * cols + j];
      odd += 1;
    }
  }
#pragma acc parallel loop collapse(2) copy(narrow[0:rows * 5])
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < 5; ++j)
      narrow[i * 5 + j] = i - j;
  long oddr = 0;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const int v = i * 1000 + j + 1;
      CHECK(m[i * cols + j] == ((i + j) % 2 ? -v : v));
      oddr += (i + j) % 2;
    }
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < 5; ++j)
      CHECK(narrow[i * 5 + j] == i - j);
  CHECK(visited == long(rows) * cols);
  CHECK(odd == oddr);
  return report();
}
