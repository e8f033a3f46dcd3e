// The emulator's race checking (FERRY_EMU_RACES=1) on an OpenACC program:
// a loop that claims independence (`independent` written) but updates one
// element from every iteration runs its iterations on the work-items of a
// gang; the emulated gfx90a runs each work-item's statement whole, so the
// result comes out right, but race checking stops the launch, naming both
// work-items and accesses and the region. Without `independent` Ferry runs
// the loop in order (with a warning) and race checking finds nothing; nor
// does it in the race-free regions around it (a reduction, distinct rows).
// The racy loop runs when the program is given `racy`. Every gang races the
// same way; which one the emulator's threads report first depends on the
// machine's load, so the check names the two work-items of one gang.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %not --crash %run %t racy 2>&1 | %FileCheck %s
// WARN: warning: the iterations of this OpenACC loop over 'j' are not independent: each one updates 'x[i]'; Ferry runs them in order
// WARN: warning: the iterations of this OpenACC loop over 'j' are not independent: each one updates 'x[i]', so the result depends on their order
// WARN-NOT: warning:
// CHECK: data race on global memory at 0x{{[0-9a-f]+}}: work-item ({{[0-9]+}},0,0) of work-group ([[G:[0-9]+]],0,0) wrote it at global store in '{{.*}}, and work-item ({{[0-9]+}},0,0) of work-group ([[G]],0,0) writes it with no barrier or device-scope fence between them
// CHECK-SAME: in the region race-check.cpp:[[#@LINE+41]] parallel loop
#include "Inputs/check_c.h"

#include <cstring>

enum { R = 8, C = 64 };
static double a[R][C], x[R], y[C], ref[R];

int main(int argc, char **argv) {
  const int racy = argc > 1 && strcmp(argv[1], "racy") == 0;
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      a[i][j] = i + 0.25 * j;
  for (int j = 0; j < C; ++j)
    y[j] = 1.0 / (j + 1);
  for (int i = 0; i < R; ++i) {
    ref[i] = 0;
    for (int j = 0; j < C; ++j)
      ref[i] += a[i][j] * y[j];
  }

  // Race-free: a reduction, and each gang its own row.
  double total = 0;
#pragma acc parallel loop reduction(+:total) copyin(a)
  for (int i = 0; i < R * C; ++i)
    total += a[i / C][i % C];
  CHECK(near(total, R * C * (R - 1) / 2.0 + R * 0.25 * C * (C - 1) / 2.0, 1e-12));

  // The pattern of the issue, without `independent`: in order, no race.
  memset(x, 0, sizeof x);
#pragma acc parallel loop copyin(a, y) copy(x)
  for (int i = 0; i < R; ++i)
#pragma acc loop
    for (int j = 0; j < C; ++j)
      x[i] = x[i] + a[i][j] * y[j];
  for (int i = 0; i < R; ++i)
    CHECK(near(x[i], ref[i], 1e-12));

  if (racy) {
    // `independent` written: kept parallel, a race.
    memset(x, 0, sizeof x);
#pragma acc parallel loop copyin(a, y) copy(x)
    for (int i = 0; i < R; ++i)
#pragma acc loop independent
      for (int j = 0; j < C; ++j)
        x[i] = x[i] + a[i][j] * y[j];
    for (int i = 0; i < R; ++i)
      CHECK(near(x[i], ref[i], 1e-12));
  }
  return report();
}
