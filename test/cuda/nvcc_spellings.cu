// Spellings nvcc accepts and clang 19 refuses (CUDA sweep 14 F1, F2, F5),
// here and in headers the program includes (Inputs/spellings): a macro
// whose replacement is `#pragma unroll` (moderngpu), PTX special registers
// with one `%` in inline asm (gardenia), `using std::malloc;` at file scope
// (clang's CUDA wrapper declares std::malloc for the device), and a braced
// launch operand in a header. ferry-nvcc compiles copies with these
// rewritten under the files' own names: the dependency file names the
// headers, not the copies.
// RUN: %ferry-nvcc -O3 -arch=sm_80 -I%S/Inputs/spellings -MD -MF %t.d %s -o %t
// RUN: %emu-gfx90a %t | %FileCheck %s
// RUN: %emu-gfx1100 %t | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=DEPS < %t.d
// RUN: %ferry-nvcc -O3 -arch=sm_80 -rdc=true -I%S/Inputs/spellings %s -o %t.rdc
// RUN: %emu-gfx90a %t.rdc | %FileCheck %s
// CHECK: #pragma unroll
// CHECK: PASS
// DEPS: Inputs/spellings/spellings.cuh
// DEPS: Inputs/spellings/lane.cuh
// DEPS-NOT: {{spellings|lane}}-{{[A-Za-z0-9]+}}.cuh
#include <cstdio>
#include <cstdlib>
#include <spellings.cuh>

using std::malloc;
using std::free;

int main() {
  const int n = 64;
  unsigned *h = (unsigned *)malloc(n * sizeof(unsigned)), *d;
  cudaMalloc(&d, n * sizeof(unsigned));
  launchLanes(d, n);
  cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  std::puts(PRAGMA_TEXT);
  // The wave size is the device's: lanes count from 0 in each.
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const unsigned ws = prop.warpSize;
  for (int i = 0; i < n; ++i) {
    const unsigned lane = i % ws, want = lane * 100 + lane % 100 + 60000;
    if (h[i] != want)
      return std::printf("FAIL at %d: %u, not %u\n", i, h[i], want), 1;
  }
  free(h);
  std::puts("PASS");
  return 0;
}
