// The cache directive: a hint that Ferry accepts with no effect (the remark
// says so); its list is required. Programs: test/e2e/data-restrict-pointers.cpp
// does not need it; the region below must still compute the same.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only -Xclang -verify %s
void f(const double *a, double *b, int n) {
#pragma acc parallel loop copyin(a[0:n + 4]) copyout(b[0:n]) // expected-remark {{'parallel loop' over 'i'}}
  for (int i = 0; i < n; ++i) {
#pragma acc cache(a[i:4]) // expected-remark {{ferry: 'cache': a hint that has no effect in Ferry (the data is read through the GPU's caches as it is)}}
#pragma acc cache(readonly: a[i], a[i + 1]) // expected-remark {{'cache': a hint that has no effect}}
#pragma acc cache // expected-error {{expected '(' after OpenACC clause 'cache'}}
    b[i] = a[i] + a[i + 3];
  }
}
