// wait with a device number and the queues: keyword, as a directive and as
// a clause: the queues of device 0 of the current type are waited for.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>

int main() {
  const int n = 1 << 16;
  static double a[n], b[n];
#pragma acc data create(a, b)
  {
#pragma acc parallel loop async(1)
    for (int i = 0; i < n; ++i)
      a[i] = i;
#pragma acc parallel loop async(2) wait(devnum: 0 : queues: 1)
    for (int i = 0; i < n; ++i)
      b[i] = 2 * a[i];
#pragma acc wait(devnum: 0 : 2)
#pragma acc update self(b)
  }
  for (int i = 0; i < n; ++i)
    if (b[i] != 2.0 * i) {
      std::printf("b[%d] = %g\n", i, b[i]);
      return 1;
    }
  return 0;
}
