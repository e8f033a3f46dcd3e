/* A `kernels` loop marked independent whose nest sums into a scalar
 * declared before the construct, without a reduction clause (TeaLeaf's
 * cg_calc_ur: `kernels loop independent` over rows, `loop independent`
 * over columns, `rrn_temp += r[k] * r[k];`; arch/hot's CG): the loop is a
 * reduction of that scalar, as NVHPC infers. Before, every iteration
 * updated the one copy: updates lost (TeaLeaf's 512x512 run FAILED). Also
 * `loop independent` in a `kernels` block, and a plain inner loop.
 * Race-checked on the emulated device.
 * RUN: %ferry-clang -std=c99 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>/dev/null
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include <stdio.h>

#define R 64
#define C 48

static double r[R * C];

int main(void) {
  int bad = 0;
  for (int k = 0; k < R * C; ++k)
    r[k] = (k % 5) - 2.0;
  double expected = 0, twice = 0;
  long count = 0;
  for (int k = 0; k < R * C; ++k) {
    expected += r[k] * r[k];
    twice += 2 * r[k];
    count += 1;
  }

  double rrn = 0.0;
#pragma acc kernels loop independent copyin(r)
  for (int jj = 0; jj < R; ++jj) {
#pragma acc loop independent
    for (int kk = 0; kk < C; ++kk) {
      const int index = jj * C + kk;
      rrn += r[index] * r[index];
    }
  }
  if (rrn != expected) {
    printf("kernels loop: %g, expected %g\n", rrn, expected);
    ++bad;
  }

  double pAp = 0.0;
  long n = 0;
#pragma acc kernels copyin(r)
  {
#pragma acc loop independent
    for (int jj = 0; jj < R; ++jj)
      for (int kk = 0; kk < C; ++kk) {
        pAp += 2 * r[jj * C + kk];
        n++;
      }
  }
  if (pAp != twice || n != count) {
    printf("kernels block: %g (%g), %ld (%ld)\n", pAp, twice, n, count);
    ++bad;
  }
  return bad != 0;
}
