// 'declare' in function bodies: local arrays and a heap section in copyin,
// copyout, copy, create and present clauses hold from the directive to the
// end of the function (or block), and the compute constructs after it use
// the device copies (an array in 'declare copy' is written by two regions
// and copied back once, when the function returns).
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <openacc.h>

static int smooth(double *out, int n) {
  double in[256], tmp[256];
  for (int i = 0; i < n; ++i)
    in[i] = i;
#pragma acc declare copyin(in) create(tmp) copyout(out[0:n])
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    tmp[i] = 2 * in[i];
#pragma acc parallel loop
  for (int i = 0; i < n; ++i)
    out[i] = tmp[i] + 1;
  // Still the device's until the function returns.
  return acc_is_present(out, n * sizeof(double)) ? 0 : 1;
}

static void accumulate(double (&acc)[64]) {
#pragma acc declare copy(acc)
  for (int step = 0; step < 3; ++step) {
#pragma acc parallel loop
    for (int i = 0; i < 64; ++i)
      acc[i] += step;
  }
}

int main() {
  int err = 0;
  double out[256];
  err += smooth(out, 256);
  if (acc_get_device_type() != acc_device_host && acc_is_present(out, sizeof out)) {
    std::printf("out is still present after the function returned\n");
    ++err;
  }
  for (int i = 0; i < 256; ++i)
    if (out[i] != 2.0 * i + 1) {
      std::printf("out[%d] = %g\n", i, out[i]);
      ++err;
      break;
    }
  double acc[64] = {0};
  accumulate(acc);
  if (acc[10] != 3.0) {
    std::printf("acc[10] = %g\n", acc[10]);
    ++err;
  }
  {
    double p[16];
#pragma acc declare create(p)
#pragma acc parallel loop present(p)
    for (int i = 0; i < 16; ++i)
      p[i] = i;
#pragma acc update self(p[0:16])
    if (p[15] != 15.0)
      ++err;
  }
  return err;
}
