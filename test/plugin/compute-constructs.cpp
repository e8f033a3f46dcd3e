// Diagnostics of the parallel, kernels, serial and loop constructs.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s

void f(int n, float *a, float s) {
#pragma acc loop // orphaned (as in a routine): runs in order, no diagnostic
  for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel gang // expected-error {{OpenACC clause 'gang' is not allowed on the 'parallel' construct}}
  {}
#pragma acc serial num_gangs(2) // expected-error {{OpenACC clause 'num_gangs' is not allowed on the 'serial' construct}}
  {}
#pragma acc kernels reduction(+:s) // expected-error {{OpenACC clause 'reduction' is not allowed on the 'kernels' construct}}
  {}
#pragma acc parallel
  {
#pragma acc loop copy(a[0:n]) // expected-error {{OpenACC clause 'copy' is not allowed on the 'loop' construct}}
    for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc parallel loop // expected-error {{OpenACC compute constructs cannot be nested: this 'parallel loop' is inside a 'parallel'}}
    for (int i = 0; i < n; ++i) a[i] = 0;
#pragma acc kernels // expected-error {{OpenACC compute constructs cannot be nested: this 'kernels' is inside a 'parallel'}}
    {}
  }
}

void g(int n, float *a) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0)
      throw 1; // expected-error {{'throw': exceptions are not supported in OpenACC compute regions (GPU code has none); handle errors outside the region}}
  }
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i) {
    try { a[i] = 1; } catch (...) {} // expected-error {{'try': exceptions are not supported in OpenACC compute regions}}
  }
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i) {
    long double x = a[i]; // computed in double on GPUs (e2e/c-long-double.c)
    a[i] = float(x);
  }
#pragma acc data copy(a[0:n])
  {
    try { a[0] = 2; } catch (...) {} // host code: fine
  }
}
