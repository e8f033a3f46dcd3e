/* Scalars declared before a `kernels` construct (C89's style) that every
 * iteration of an `independent` loop assigns before it reads them are each
 * iteration's own, the last iteration's values handed back, as NVHPC
 * privatizes them: also where both branches of an `if`/`else` assign one
 * (Rodinia's srad and NPB FT in OpenARC: `if (i == rows-1) cS = c[k];
 * else cS = ...;`). Before, those stayed the construct's one copy, which
 * every work-item wrote: a race (wrong elements now and then, NPB FT
 * "UNSUCCESSFUL"). A nested plain loop's variable declared before the
 * construct is the iteration's too.
 * Race-checked on the emulated device.
 * RUN: %ferry-clang -std=c89 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include <stdio.h>

#define R 48
#define C 40

static float c[R * C], J[R * C], ref[R * C];
static double rows[R], rowsRef[R];

int main(void) {
  int i, j, k, m, bad = 0;
  float cS, cE, d;
  double s, t;
  for (k = 0; k < R * C; ++k) {
    c[k] = (float)(k % 7) * 0.5f;
    J[k] = ref[k] = 1.0f;
  }
  /* Conditional assignments in both branches, in a joined nest. */
#pragma acc kernels loop independent copy(J) copyin(c)
  for (i = 0; i < R; i++) {
#pragma acc loop independent
    for (j = 0; j < C; j++) {
      k = i * C + j;
      if (i == R - 1)
        cS = c[k];
      else
        cS = c[k + C];
      if (j == C - 1) {
        cE = c[k];
      } else {
        cE = c[k + 1];
      }
      d = cS - cE;
      J[k] += d;
    }
  }
  /* A nested plain loop whose variable is declared before the construct. */
#pragma acc kernels loop independent copyin(c) copyout(rows)
  for (i = 0; i < R; i++) {
    s = 0;
    for (m = 0; m < C; m++) {
      t = c[i * C + m] * 2;
      s += t;
    }
    rows[i] = s;
  }
  for (i = 0; i < R; i++) {
    for (j = 0; j < C; j++) {
      const int q = i * C + j;
      const float south = i == R - 1 ? c[q] : c[q + C], east = j == C - 1 ? c[q] : c[q + 1];
      ref[q] += south - east;
      if (J[q] != ref[q])
        ++bad;
    }
    rowsRef[i] = 0;
    for (m = 0; m < C; m++)
      rowsRef[i] += c[i * C + m] * 2;
    if (rows[i] != rowsRef[i])
      ++bad;
  }
  /* The last iteration's values, as the loops leave them. */
  if (k != R * C - 1 || m != C || cS != c[R * C - 1] || cE != c[R * C - 1] || d != 0.0f)
    ++bad;
  if (bad)
    printf("%d wrong (k %d, m %d, cS %g, cE %g, d %g)\n", bad, k, m, cS, cE, d);
  return bad != 0;
}
