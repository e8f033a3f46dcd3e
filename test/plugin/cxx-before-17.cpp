// OpenACC in C++ needs C++17 (Ferry's header and the code it writes for a
// region use it): a unit compiled as C++11 or C++14 gets one error at its
// first directive, naming its standard and what to do (before: twenty
// errors inside Ferry's header, for every unit, directives or not). A unit
// without directives compiles and runs as it is, with _OPENACC defined.
// RUN: not %ferry-clangxx -std=c++14 -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error:
// RUN: not %ferry-clangxx -std=gnu++11 -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=CXX11 --implicit-check-not=error:
// RUN: %ferry-clangxx -std=c++14 -DNO_DIRECTIVES -O2 %s -o %t 2>&1 | %count 0
// RUN: %run %t
// CHECK: cxx-before-17.cpp:[[#@LINE+12]]:9: error: OpenACC directives in C++ need C++17 or later (Ferry's header and the code it writes for a region use it), and this translation unit is c++14: compile it with -std=c++17 or later (files without directives compile as they are)
// CXX11: error: {{.*}} this translation unit is gnu++11
#include <vector>

#ifndef _OPENACC
#error "_OPENACC is defined by Ferry"
#endif

int main() {
  std::vector<double> v(100, 1.0);
  double *p = v.data(), s = 0;
#ifndef NO_DIRECTIVES
#pragma acc parallel loop copy(p[0:100])
  for (int i = 0; i < 100; i++)
    p[i] *= 2;
#pragma acc parallel loop reduction(+:s) copyin(p[0:100])
  for (int i = 0; i < 100; i++)
    s += p[i];
#endif
  return v[0] == 1.0 ? 0 : 1;
}
