// Executable directives cannot stand at namespace scope (only 'declare'
// and 'routine' can): the error names the directive, also right after a
// function body (where the parser still is in the function when the
// directive comes), in C++ and in C. Directives after an inner block's '}'
// in a function are unaffected.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// RUN: %ferry-clang -x c -std=c11 -fsyntax-only -ferror-limit=0 -Xclang -verify %s
int n = 10;
double x[10];
#pragma acc declare create(x)
#pragma acc update device(n) // expected-error {{OpenACC 'update' is an executable directive: it cannot stand at namespace scope, only in a function body}}
#pragma acc enter data copyin(x) // expected-error {{OpenACC 'enter data' is an executable directive: it cannot stand at namespace scope, only in a function body}}
void f(void) {
  for (int i = 0; i < n; ++i) {
    x[i] = i;
  }
#pragma acc update device(x)
  {
  }
#pragma acc parallel loop present(x)
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}
#pragma acc wait // expected-error {{OpenACC 'wait' is an executable directive: it cannot stand at namespace scope, only in a function body}}
void g(void) {
} // a comment
#pragma acc parallel // expected-error {{OpenACC 'parallel' is an executable directive: it cannot stand at namespace scope, only in a function body}}
#pragma acc routine seq
int h(int i) { return i; }
// A function whose name a macro gives: its directives are in it.
#define NAMED(name) void name(int m)
NAMED(k) {
#pragma acc parallel loop copy(x)
  for (int i = 0; i < m; ++i)
    x[i] = i;
}
#pragma acc update self(x) // expected-error {{OpenACC 'update' is an executable directive: it cannot stand at namespace scope, only in a function body}}
