// A device address from `host_data use_device` used by host code (what an
// MPI library that is not GPU-aware does with it). On the host and the
// emulated devices the device's memory is the host's, so the access works;
// on a GPU whose memory the host cannot address it faults, and the runtime
// names the access, the device, the block and the offset, then the program
// dies as before (scripts/h100-run.sh checks the message there; the fault
// report itself is tested in test/unittests/HostFaultsTest.cpp).
// GPU: expect-error
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %FileCheck %s
// RUN: %emu-gfx90a %run %t 2>&1 | %FileCheck %s
// CHECK: sum through the device address: 8256
#include <cstdio>
#include <cstring>

// Not inlined: host code elsewhere (a library) that reads what it is given.
__attribute__((noinline)) long sumOf(const int *Values, int Count) {
  long Sum = 0;
  for (int I = 0; I < Count; ++I)
    Sum += Values[I];
  return Sum;
}

int main() {
  int a[128];
  for (int i = 0; i < 128; ++i)
    a[i] = i + 1;
  long sum = 0;
#pragma acc data copyin(a[0:128])
  {
#pragma acc host_data use_device(a)
    sum = sumOf(a, 128);
  }
  std::printf("sum through the device address: %ld\n", sum);
  return sum == 8256 ? 0 : 1;
}
