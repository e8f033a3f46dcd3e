// A reduction on an array section whose run-time length is more than its
// private copies hold (1024 bytes: 128 doubles) stops the program before the
// region runs, naming the construct, its location and the section; it never
// reduces part of the section.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s
// CHECK: ferry: error: reduce-section-too-long.cpp:{{[0-9]+}} parallel loop: reduction on the array section hist[0:200]: Ferry reduces sections of at most 128 elements of this type (1024 bytes)
// CHECK-NOT: reached the end
#include <cstdio>
#include <cstdlib>

int main(int argc, char **) {
  const int nb = 199 + argc;
  double *hist = static_cast<double *>(std::calloc(size_t(nb), sizeof(double)));
#pragma acc parallel loop copy(hist[0:nb]) reduction(+:hist[0:nb])
  for (int i = 0; i < 1000; ++i)
    hist[i % nb] += 1;
  std::printf("reached the end\n");
  return 0;
}
