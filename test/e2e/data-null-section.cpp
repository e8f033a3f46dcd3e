// A section of a null pointer with a length is never copied from address 0,
// on any device (the host included). A data construct's clause, and an
// `enter data` clause, stop the program with a message naming the
// directive, its location, the clause and the variable. A section of
// length 0 of a null pointer is no action.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 0 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t 64 2>&1 | %FileCheck %s --check-prefix=ENTER
// RUN: %emu-gfx90a %not --crash %run %t 64 2>&1 | %FileCheck %s --check-prefix=ENTER
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %not --crash %run %t 64 2>&1 | %FileCheck %s --check-prefix=ENTER
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t 64 data 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %not --crash %run %t 64 data 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %not --crash %run %t 64 data 2>&1 | %FileCheck %s
// ENTER: ferry: error: data-null-section.cpp:{{[0-9]+}} enter data ({{.*}}data-null-section.cpp:[[#@LINE+13]]): copyin(p[0:n]): the section is a null pointer but bytes is 256
// ENTER-NOT: after enter data
// CHECK: ferry: error: data-null-section.cpp:{{[0-9]+}} data ({{.*}}data-null-section.cpp:[[#@LINE+15]]): data clause copyin(p[0:n]): the section's pointer is null but the section has 256 bytes
// CHECK-NOT: reached the end
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 0;
  const bool data = argc > 2; // the data construct only
  float *p = argc > 3 ? new float[n] : nullptr; // null, unknown to the optimizer
  float sum = 0;
  if (!data) {
#pragma acc enter data copyin(p[0:n])
    if (n)
      std::fprintf(stderr, "after enter data\n");
  }
#pragma acc data copyin(p[0:n])
  {
    for (int i = 0; i < n; ++i)
      sum += p[i];
  }
  if (n)
    std::fprintf(stderr, "reached the end\n");
  return sum == 0 ? 0 : 1;
}
