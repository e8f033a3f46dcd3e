/* A synchronous `update` directive right after `async(1)` regions that
 * write the data, with no `wait(1)` between (gabriel-suau/nbody's dump()):
 * it waits for the device's queues first, as a synchronous data exit does
 * and as the legacy default stream orders it under NVHPC. The host device
 * returned at once while queue 1's worker thread was still writing (stale
 * elements seen). Compiled as C and C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

#define N 4096

int main(void) {
  static float a[N];
  for (int i = 0; i < N; i++)
    a[i] = 0;
  int stale = 0;
#pragma acc data copy(a)
  {
    for (int step = 1; step <= 5; step++) {
#pragma acc parallel loop present(a) async(1)
      for (int i = 0; i < N; i++) {
        float s = 0;
        for (int k = 0; k < 4000; k++)
          s += 1e-7f * k;
        a[i] = step + s * 0;
      }
#pragma acc update host(a)
      for (int i = 0; i < N; i++)
        stale += a[i] != step;
    }
#pragma acc wait(1)
  }
  CHECK(stale == 0);
  return report();
}
