// A data construct whose statement is a declaration: the declaration's
// scope would end with the construct, so later uses of the variable fail
// far from the cause; a warning at the directive says why (OpenACC sweep 17 F1, student
// code written for NVHPC). Declarations by a type keyword, a qualifier or
// a type's name; statements that start like one but are not (a call, an
// assignment) are not reported. C and C++.
// RUN: %ferry-clangxx -fsyntax-only -Xclang -verify %s
// RUN: %ferry-clang -x c -fsyntax-only -Xclang -verify %s

typedef struct { int n; } grid;

float sum(const float *a, int n) {
#pragma acc data copyin(a[0:n]) // expected-warning {{the statement after OpenACC 'data' is the declaration of 'err', whose scope ends with the construct: a construct applies to the statement or block after it (OpenACC 3.3, 1.6: a structured block); declare 'err' before the directive, or put the construct's statements in braces}}
  float err = 0;
  return 0;
}

void more(const float *a, int n, grid g) {
#pragma acc data copyin(a[0:n]) // expected-warning {{the statement after OpenACC 'data' is the declaration of 'p'}}
  const float *p = a;
#pragma acc data copyin(a[0:n]) // expected-warning {{the statement after OpenACC 'data' is the declaration of 'h'}}
  grid h;
  (void)g;
}

void fine(float *a, int n, float s) {
#pragma acc data copy(a[0:n])
  s = a[0];
#pragma acc data copy(a[0:n])
  more(a, n, (grid){n});
#pragma acc data copy(a[0:n])
  {
    float t = s;
    a[0] = t;
  }
}
