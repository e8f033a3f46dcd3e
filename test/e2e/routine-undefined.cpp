// A routine whose only definition was compiled without device code (here
// with -fplugin-arg-ferry-targets=none; plain clang++ is the same): the
// program builds, and loading the region's code stops it, naming the
// function.
// RUN: %ferry-clangxx -O2 -c -fplugin-arg-ferry-targets=none %S/Inputs/routine-host-only.cpp -o %t.lib.o
// RUN: %ferry-clangxx -O2 %s %t.lib.o -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %not --crash %run %t 2>&1 | %FileCheck %s --check-prefix=EMU
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %not --crash %run %t 2>&1 | %FileCheck %s --check-prefix=HSA
// EMU: ferry: error: emulated gfx90a: the emulated image calls '_Z7nowhered', which no image of the program defines (1 image(s) searched)
// EMU: routine-undefined.cpp:[[@LINE+8]] parallel loop ({{.*}}routine-undefined.cpp:[[@LINE+8]]): cannot load the gfx90a image for radeon
// HSA: _Z7nowhered
// HSA: routine-undefined.cpp:[[@LINE+6]] parallel loop ({{.*}}routine-undefined.cpp:[[@LINE+6]]): cannot load the gfx90a image for radeon
#pragma acc routine seq
double nowhere(double x);

int main() {
  double a[16] = {0};
#pragma acc parallel loop copy(a)
  for (int i = 0; i < 16; ++i)
    a[i] = nowhere(i);
  return a[3] != 3;
}
