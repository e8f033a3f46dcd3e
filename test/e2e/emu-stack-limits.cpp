// The emulated devices give each work-item a stack of its own and check it
// where it can run out: a recursive routine's entry, a kernel's deepest
// call path, a dynamically sized frame. Recursion that fits runs; recursion
// past the stack fails the launch with a message naming the function, the
// work-item and the sizes, instead of writing over other memory (it was a
// SIGSEGV). The host runs both. On an NVIDIA GPU even the short recursion
// does not fit the 1 KiB per thread the CUDA driver gives a kernel's stack
// by default: the region fails with the driver's illegal-address error
// (measured on an H200, 2026-11-28).
// GPU: expect-error
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 200 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 20000 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 200 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 200 2>&1 | %count 0
// RUN: %not --crash %emu-gfx90a %run %t 20000 2>&1 | %FileCheck %s
// CHECK: ferry: error: emulated gfx90a: ferry-emu: kernel '__ferry_emu_stack_limits_cpp_{{.*}}': work-item stack overflow: {{[0-9]+}} more bytes of private memory needed where {{[0-9]+}} of the emulated 256 KiB stack are left (recursion too deep or private arrays too large; AMD GPUs give a work-item at most 128 KiB of private memory, 256 KiB on GFX11 in wave32), by work-item ({{[0-9]+}},0,0) of work-group ({{[0-9]+}},0,0) at the stack of '_Z5depthl'{{.*}}; in the region emu-stack-limits.cpp:{{[0-9]+}} parallel loop ({{.*}}emu-stack-limits.cpp:{{[0-9]+}}) on the radeon device
// CHECK-NOT: ferry: error
#include "Inputs/check.h"
#include <cstdlib>

#pragma acc routine seq
long depth(long d) {
  volatile long frame[32];
  frame[d % 32] = d;
  if (d == 0)
    return 0;
  return frame[d % 32] + depth(d - 1);
}

int main(int argc, char **argv) {
  const long levels = argc > 1 ? std::atol(argv[1]) : 200;
  const int n = 64;
  long out[n];
#pragma acc parallel loop copyout(out[0:n])
  for (int i = 0; i < n; ++i)
    out[i] = depth(levels + i);
  for (int i = 0; i < n; ++i)
    CHECK(out[i] == (levels + i) * (levels + i + 1) / 2);
  return report();
}
