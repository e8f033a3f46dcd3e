// A program built with UBSan (-fsanitize=alignment, -fsanitize=undefined,
// with handlers or traps): the host code is checked, the regions' device
// code runs without the checks (as in clang's CUDA and HIP device
// compilations: no handler runtime on a GPU), and every region runs on the
// host and on the emulated devices. The closure copy of the region kernels
// used to be under-aligned on the emulated devices, where the alignment
// check then stopped every region with SIGILL.
// (Not in the sanitizer build's run, whose preloaded ASan runtime cannot
// share the process with the programs' own UBSan runtime.)
// UNSUPPORTED: sanitizer-preload
// RUN: %ferry-clangxx -O2 -fsanitize=alignment %s -o %t.handler
// RUN: env ACC_DEVICE_TYPE=host %run %t.handler 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.handler 2>&1 | %count 0
// RUN: %ferry-clangxx -O2 -fsanitize=undefined -fsanitize-trap=all %s -o %t.trap
// RUN: env ACC_DEVICE_TYPE=host %run %t.trap 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.trap 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t.trap 2>&1 | %count 0
// RUN: %ferry-clangxx -O0 -fsanitize=alignment,null,signed-integer-overflow %s -o %t.O0
// RUN: %emu-gfx90a %run %t.O0 2>&1 | %count 0
#include "Inputs/check.h"

int main() {
  const int n = 1000;
  float *a = new float[n];
  double *b = new double[n];
  for (int i = 0; i < n; ++i)
    a[i] = float(i);
  double sum = 0;
#pragma acc parallel loop copy(a[0:n]) copyout(b[0:n]) reduction(+ : sum)
  for (int i = 0; i < n; ++i) {
    a[i] = a[i] * 2;
    b[i] = a[i] + i % 7;
    sum += b[i];
  }
  double want = 0;
  for (int i = 0; i < n; ++i) {
    CHECK(a[i] == 2.0f * i);
    CHECK(b[i] == 2.0 * i + i % 7);
    want += 2.0 * i + i % 7;
  }
  CHECK(sum == want);
  long hits[24] = {};
#pragma acc parallel loop collapse(2) copy(hits)
  for (int i = 0; i < 8; ++i)
    for (unsigned j = 0; j != 3; ++j)
      hits[i * 3 + j] = i + j;
  for (int i = 0; i < 24; ++i)
    CHECK(hits[i] == i / 3 + i % 3);
  delete[] a;
  delete[] b;
  return report();
}
