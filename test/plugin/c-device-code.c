// The device-code checks of C++ regions hold for C regions (the block
// literals' bodies), at the exact call or variable, with a note at the
// region.
// RUN: %ferry-clang -fsyntax-only -ferror-limit=0 -Xclang -verify %s
double ext(double);
int counter;
void device_code(int n, double *a) {
#pragma acc parallel loop copy(a[0:n]) // expected-note {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i)
    a[i] = ext(a[i]); // expected-error {{a compute region cannot call 'ext' on a GPU: it has no definition in this translation unit}}
#pragma acc parallel loop copy(a[0:n]) // expected-note {{in the compute region that starts here}}
  for (int i = 0; i < n; ++i)
    counter = i; // expected-error {{a compute region cannot write the global variable 'counter', which is host memory}}
}
