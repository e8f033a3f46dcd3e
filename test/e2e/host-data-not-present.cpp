// host_data use_device of data that is not present stops the program,
// naming the construct and the variable.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %not --crash %run %t 2>&1 | %FileCheck %s
// CHECK: ferry: error: host-data-not-present.cpp:[[@LINE+5]] host_data: use_device(p): the data at 0x{{[0-9a-f]+}} is not present on the device (add it to a data clause, or use if_present)
#include <cstdio>
int main() {
  double x[8] = {0};
  double *p = x;
#pragma acc host_data use_device(p)
  std::printf("%p\n", (void *)p);
  return 0;
}
