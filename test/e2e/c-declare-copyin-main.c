// Globals of `declare copyin` at file scope are copied to a device when the
// program first uses it, not when the program starts: the values main()
// sets before its first OpenACC operation (parameters read from input, as
// Mandelbox-OpenACC's) reach the regions, as with NVHPC and GCC, which
// enter such globals when they initialize the device (before: the static
// initial values, 0). A device selected later (acc_set_device_type) gets
// them at its first use too (before: the region stopped, not present).
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host FERRY_EMULATE=gfx90a %run %t switch 2>&1 | %count 0
#include <openacc.h>
#include <stdio.h>
#include <string.h>

struct params {
  double scale;
  int iters;
};
struct params P;
static int table[8];
#pragma acc declare copyin(P, table)

int main(int argc, char **argv) {
  P.scale = 2.0; // "read from the input"
  P.iters = 3;
  for (int i = 0; i < 8; ++i)
    table[i] = 10 * i;
  const int Switch = argc > 1 && strcmp(argv[1], "switch") == 0;
  if (Switch)
    acc_set_device_type(acc_device_radeon);
  double out[8];
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < 8; i++)
    out[i] = P.scale * P.iters + table[i];
  int bad = Switch && acc_get_device_type() != acc_device_radeon;
  for (int i = 0; i < 8; i++)
    if (out[i] != 6.0 + 10 * i) {
      printf("out[%d] = %g, expected %g\n", i, out[i], 6.0 + 10 * i);
      ++bad;
    }
  // A later change reaches the device through `update`, as OpenACC says.
  P.scale = 5.0;
#pragma acc update device(P)
  double s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < 8; i++)
    s += P.scale;
  if (s != 40.0) {
    printf("s = %g, expected 40\n", s);
    ++bad;
  }
  return bad != 0;
}
