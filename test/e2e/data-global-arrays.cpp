// Arrays with static storage in data clauses, as C and Fortran-minded
// OpenACC programs write them: namespace-scope arrays, a static member-less
// file-scope array, a function-local static array; in combined constructs,
// in a data construct around a parallel region, with enter/exit data and
// update, whole and as sections.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>

const int N = 4096;
double a[N], b[N];
static float c[N];
namespace grid {
int cells[64][64];
}

static int check(const char *What, double Got, double Want) {
  if (Got == Want)
    return 0;
  std::printf("%s: got %g, want %g\n", What, Got, Want);
  return 1;
}

int main() {
  int err = 0;
  for (int i = 0; i < N; ++i)
    a[i] = i, b[i] = 0, c[i] = 1;
#pragma acc parallel loop copyin(a) copyout(b)
  for (int i = 0; i < N; ++i)
    b[i] = 2 * a[i];
  err += check("b", b[N - 1], 2.0 * (N - 1));

#pragma acc data copy(c[0:N])
  {
#pragma acc parallel loop
    for (int i = 0; i < N; ++i)
      c[i] += 1;
#pragma acc parallel loop present(c)
    for (int i = 0; i < N; ++i)
      c[i] *= 3;
  }
  err += check("c", c[7], 6.0);

  {
    // (a qualified name in a clause is not taken yet; the namespace's
    // variable is reached through a using-declaration)
    using grid::cells;
#pragma acc enter data copyin(cells)
#pragma acc parallel loop collapse(2) present(cells)
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < 64; ++j)
        cells[i][j] = i * 64 + j;
#pragma acc update self(cells[0:64][0:64])
#pragma acc exit data delete(cells)
    err += check("cells", cells[63][63], 64.0 * 64 - 1);
  }

  static long counts[16];
#pragma acc parallel loop copy(counts)
  for (int i = 0; i < 16; ++i)
    counts[i] = 10 * i;
  err += check("counts", counts[15], 150.0);
  return err;
}
