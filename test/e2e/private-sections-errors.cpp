// Private copies of array sections that cannot be made stop the program
// with a message naming the region, its location and the section: a
// negative length, and copies larger than the memory of the device (the
// host's, or the emulated gfx90a's).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t negative 2>&1 | %FileCheck %s --check-prefix=NEG
// RUN: %emu-gfx90a %not --crash %run %t negative 2>&1 | %FileCheck %s --check-prefix=NEG
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t huge 2>&1 | %FileCheck %s --check-prefix=HOST
// RUN: %emu-gfx90a %not --crash %run %t huge 2>&1 | %FileCheck %s --check-prefix=DEV
// NEG: ferry: error: private-sections-errors.cpp:[[#@LINE+15]] parallel loop: private(t[0:len]): the section's length is negative (-5)
// NEG-NOT: reached the end
// HOST: ferry: error: private-sections-errors.cpp:[[#@LINE+13]] parallel loop: the private copies of its array sections do not fit in host memory
// HOST-NOT: reached the end
// DEV: ferry: error: private-sections-errors.cpp:[[#@LINE+11]] parallel loop ({{.*}}private-sections-errors.cpp:[[#@LINE+11]]): the private copies of its array sections do not fit on the radeon device
// DEV-NOT: reached the end
#include <cstdio>
#include <cstring>

int main(int argc, char **argv) {
  const bool Huge = argc > 1 && std::strcmp(argv[1], "huge") == 0;
  const long long len = Huge ? (1LL << 45) : -5;
  const int n = 1000;
  double out[n];
  double *t = nullptr;
#pragma acc parallel loop copyout(out) private(t[0:len])
  for (int i = 0; i < n; ++i) {
    t[0] = i;
    out[i] = t[0];
  }
  std::printf("reached the end: %f\n", out[1]);
  return 0;
}
