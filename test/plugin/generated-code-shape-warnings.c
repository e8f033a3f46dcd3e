// The code a directive becomes draws none of the program's warnings about
// the shape of code, which clang places at the directive and shows even
// for code from system headers' macros: declarations after statements,
// C11's _Alignof under -std=c99 -pedantic, `long long` under -std=c89
// -pedantic, casts that drop const (C and C++), old-style casts (C++). The
// program's own code after the directive keeps them: the warning below.
// RUN: %ferry-clang -std=c99 -pedantic -Wdeclaration-after-statement -Wcast-qual -fsyntax-only -Xclang -verify %s
// RUN: %ferry-clang -std=c89 -pedantic -Wno-comment -Wdeclaration-after-statement -fsyntax-only -Xclang -verify=c89 %s
// RUN: %ferry-clangxx -x c++ -Wshadow -Wcast-qual -Wold-style-cast -fsyntax-only -Xclang -verify=cxx %s
// cxx-no-diagnostics
// c89-no-diagnostics

double sum(const double *b, int n) {
  double s = 0;
  int i;
  s += 1;
#pragma acc parallel loop copyin(b[0:n]) reduction(+:s)
  for (i = 0; i < n; ++i)
    s += b[i];
  s *= 2;
#if !defined(__cplusplus) && __STDC_VERSION__ >= 199901L
  double after = s; // expected-warning {{mixing declarations and code}}
  return after;
#else
  return s;
#endif
}
