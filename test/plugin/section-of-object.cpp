// An array section of a class object (`copy(v[0:n])` of a std::vector) is
// one error naming the variable, its type and what to write instead
// (before: an internal "cannot cast ... section_pointer" error from Ferry's
// header, then its static assertion).
// RUN: not %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
// CHECK: section-of-object.cpp:[[#@LINE+6]]:32: error: 'v' in 'copy(v[...])' is a 'std::vector<double>', not a pointer or an array: an OpenACC array section needs one (for a std::vector: 'T *p = v.data();' with 'copy(p[lo:len])')
#include <vector>

int main() {
  const int n = 8;
  std::vector<double> v(n, 1.0);
#pragma acc parallel loop copy(v[0:n])
  for (int i = 0; i < n; i++)
    v[i] *= 2;
  return 0;
}
