// `declare create` of a global that another file defines, used by a routine
// of that file which regions of this file call (an `extern` array in a
// header, the routines elsewhere: a common layout of HPC codes). Each file's
// device code reaches the variable through a device variable holding its
// device address, named after the variable's symbol in every file (weak,
// one after the images are linked); the runtime fills it in each module
// that has it, not only for the variables a region names: here the first
// region names none of them and crashed on GPUs (a null address). Also a
// `static` declared variable of the other file (its name has a digest of
// that file), in C and in C++ (where the variables are in a namespace:
// mangled names).
// RUN: %ferry-clang -std=c99 -O2 %s %S/Inputs/declare-tu-lib.c -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s %S/Inputs/declare-tu-lib.c -o %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: %llvm-nm %t.cxx | %FileCheck %s --check-prefix=CXX
// CXX: ferry_declare_global_ref
// The names the device code uses: the variable's symbol; the static one's
// with a digest of its file.
// RUN: %ferry-clang -std=c99 -O2 -c %S/Inputs/declare-tu-lib.c -o %t.lib.o -fplugin-arg-ferry-embed-ir
// RUN: %llvm-strings %t.lib.o | %FileCheck %s --check-prefix=NAMES
// NAMES-DAG: __ferry_global_ref_field{{$}}
// NAMES-DAG: __ferry_global_ref_scale_{{[0-9a-f]+$}}
// The AMD path: both kernels load linked with the routines (comgr), the
// weak device variable defined once, and launch on the fake ROCR.
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa FERRY_NOTIFY=1 %not %run %t 2>&1 | %FileCheck %s --check-prefix=FAKE
// FAKE: launch __ferry_c_declare_across_tus_c_{{[0-9]+}}_parallel_loop_{{[0-9a-f]+}} on radeon device 0
// FAKE: launch __ferry_c_declare_across_tus_c_{{[0-9]+}}_parallel_loop_{{[0-9a-f]+}} on radeon device 0
#include "Inputs/check_c.h"

#define N 1000
#ifdef __cplusplus
namespace lib {
#endif
extern double field[N];
#pragma acc declare create(field)
#ifdef __cplusplus
}
using lib::field;
#endif

#pragma acc routine seq
void set_field(int i);
#pragma acc routine seq
double scaled(double x);

int main(void) {
  static double out[N];
  // Names neither variable: the routines reach them.
#pragma acc parallel loop copyout(out)
  for (int i = 0; i < N; i++) {
    set_field(i);
    out[i] = scaled(i);
  }
  // Names field itself: this file's device variable for it.
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    field[i] += 1;
#pragma acc update self(field)
  for (int i = 0; i < N; i++) {
    CHECK(field[i] == 2.0 * i + 1);
    CHECK(out[i] == 3.0 * i);
    if (failures > 10)
      break;
  }
  return report();
}
