// 'declare' at namespace scope, as C-style codes write it: global arrays and
// a scalar that live on the device for the whole program (create, copyin,
// device_resident), used by regions without data clauses, moved with
// 'update'; a global pointer in 'declare deviceptr' holding acc_malloc'ed
// memory (passed to regions as it is).
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <openacc.h>

#define N 1024
double field[N];
#pragma acc declare create(field)
static const double coeff_init[4] = {1, 2, 3, 4};
double coeff[4] = {1, 2, 3, 4};
#pragma acc declare copyin(coeff)
double total;
int steps;
#pragma acc declare device_resident(total) create(steps)
double *scratch;
#pragma acc declare deviceptr(scratch)

static void fill(double v) {
#pragma acc parallel loop
  for (int i = 0; i < N; ++i)
    field[i] = v * coeff[i % 4];
}

int main() {
  int err = 0;
  const bool host = acc_get_device_type() == acc_device_host;
  scratch = (double *)acc_malloc(N * sizeof(double));
  fill(2.0);
  // The device copy changed; the host's did not (except on the host).
  if (!host && field[5] != 0.0) {
    std::printf("host copy of field changed: %g\n", field[5]);
    ++err;
  }
#pragma acc update self(field)
  if (field[5] != 2.0 * coeff_init[1]) {
    std::printf("field[5] = %g\n", field[5]);
    ++err;
  }
  // Written on the host, sent to the device, used there.
  for (int i = 0; i < 4; ++i)
    coeff[i] = 10 * coeff_init[i];
#pragma acc update device(coeff)
  fill(1.0);
#pragma acc parallel loop
  for (int i = 0; i < N; ++i)
    scratch[i] = field[i] + 1;
#pragma acc serial
  {
    total = 0;
    for (int i = 0; i < N; ++i)
      total += scratch[i];
    steps = 1;
  }
#pragma acc update self(total, steps)
  const double want = N + 10.0 * (1 + 2 + 3 + 4) * (N / 4);
  if (total != want || steps != 1) {
    std::printf("total %g want %g, steps %d\n", total, want, steps);
    ++err;
  }
  acc_free(scratch);
  return err;
}
