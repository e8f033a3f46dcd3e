// The device-code checks of C++ regions hold for C regions (the block
// literals' bodies), at the exact call or variable, with a note at the
// region.
// RUN: %ferry-clang -fsyntax-only -ferror-limit=0 -Xclang -verify %s
#include <complex.h>
#include <stdlib.h>
double ext(double);
int counter;
void device_code(int n, double *a) {
#pragma acc parallel loop copy(a[0:n]) // expected-note {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i)
    a[i] = ext(a[i]); // expected-error {{a compute region cannot call 'ext' on a GPU: it has no definition in this translation unit}}
#pragma acc parallel loop copy(a[0:n]) // expected-note {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i)
    counter = i; // expected-error {{a compute region cannot write the global variable 'counter', which is host memory}}
  // A function of the C library: named with its public header (<complex.h>,
  // not the bits/ header that declares cpowf), not the advice for the
  // program's own functions.
#pragma acc parallel loop copy(a[0:n]) // expected-note 2 {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i) {
    a[i] = crealf(cpowf(a[i], 2.0f)); // expected-error {{a compute region cannot call 'cpowf' on a GPU: it is declared in the system header 'complex.h' and Ferry's device code has no version of it (call it outside the region, compute what it gives from functions regions can call, such as <math.h>'s, or build host code only with -fplugin-arg-ferry-targets=none)}}
    a[i] += rand(); // expected-error {{a compute region cannot call 'rand' on a GPU: it is declared in the system header 'stdlib.h'}}
  }
}

// A variable-length array declared in device code: in a region, and in a
// routine it calls (the AMDGPU backend's "unsupported dynamic alloca" at
// the device compile, without a location, or at run time with -jit).
#pragma acc routine seq
static int sum_copy(const int *a, int n) {
  int tmp[n]; // expected-error {{device code cannot declare the variable-length array 'tmp': AMD GPUs allocate no stack memory of a size known only at run time; give it a constant bound (the most elements the code needs)}}
  int s = 0;
  for (int i = 0; i < n; i++)
    tmp[i] = a[i];
  for (int i = 0; i < n; i++)
    s += tmp[i];
  return s;
}

void variable_length(int n, int *a, int *out) {
#pragma acc serial copyin(a[0:n]) copyout(out[0:1]) // expected-note 2 {{in the compute region that starts here}}
  {
    int scratch[n]; // expected-error {{device code cannot declare the variable-length array 'scratch'}}
    scratch[0] = a[0];
    out[0] = sum_copy(a, n) + scratch[0];
  }
}
