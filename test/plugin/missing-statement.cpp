// A construct that needs a statement but finds the end of the block, and
// directives with no statement at all: errors, never a crash.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s

void f(int *a) {
  {
#pragma acc parallel
  } // expected-error {{expected a statement after the OpenACC directive}}
  {
#pragma acc data copyin(a[0:1])
  } // expected-error {{expected a statement after the OpenACC directive}}
  {
#pragma acc kernels
#pragma acc loop
  } // expected-error {{OpenACC 'loop' must be followed by a 'for' loop}} expected-error {{expected a statement after the OpenACC directive}}
}
