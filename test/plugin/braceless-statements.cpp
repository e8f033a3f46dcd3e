// A construct's statement ends where C++ says, even when what follows is
// the next directive: a braceless `if` (no `else` can follow a directive)
// and a braceless loop body, each right before another compute construct,
// which is not nested in the first.
// RUN: %clangxx -fplugin=%ferry-plugin -fplugin-arg-ferry-targets=none -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics

void f(float *x, int n) {
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; ++i)
    if (i % 2 == 0)
      x[i] = 1;
#pragma acc kernels loop independent copy(x[0:n])
  for (int i = 0; i < n; ++i)
    if (i % 3 == 0)
      x[i] += 1;
    else
      x[i] -= 1;
#pragma acc serial copy(x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] *= 2;
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] += 3;
}
