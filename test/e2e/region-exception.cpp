// An exception that leaves a compute region on the host (from a function
// the region calls: the plugin refuses `throw` in a region itself) stops
// the program naming the region, on the calling thread and on the pool's
// threads alike, as a GPU would trap: compiled code calls the runtime as
// code that does not throw (FERRY_NOTHROW), so nothing could run the
// destructors on the way out. Host code only (GPUs have no exceptions, and
// device code refuses the throwing constructor).
// RUN: %ferry-clangxx -O2 -fplugin-arg-ferry-targets=none %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t 0 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t 60 2>&1 | %FileCheck %s
// RUN: env ACC_DEVICE_TYPE=host %run %t 100 2>&1 | %FileCheck %s --check-prefix=NONE
// CHECK: ferry: error: region-exception.cpp:{{[0-9]+}} parallel loop: a C++ exception left the region (code that a compute region calls must not let one out: GPUs have no exceptions)
// CHECK-NOT: caught
// NONE: sum 4950
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

static int checked(int i, int bad) {
  if (i == bad)
    throw std::out_of_range("bad index");
  return i;
}

int main(int argc, char **argv) {
  const int bad = argc > 1 ? std::atoi(argv[1]) : 0;
  int a[100];
  try {
#pragma acc parallel loop copyout(a[0:100])
    for (int i = 0; i < 100; ++i)
      a[i] = checked(i, bad);
  } catch (const std::exception &e) {
    std::printf("caught %s\n", e.what());
    return 1;
  }
  long sum = 0;
  for (int i = 0; i < 100; ++i)
    sum += a[i];
  std::printf("sum %ld\n", sum);
  return 0;
}
