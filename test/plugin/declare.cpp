// The declare directive: the clauses it takes at namespace scope and in a
// function, whole variables at namespace scope, names that must be
// variables, and the records it leaves.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// RUN: %ferry-clangxx -fsyntax-only -DREWRITE -Xclang -ast-print %s 2>&1 | %FileCheck %s

#ifndef REWRITE
double g[100];
int h;
#pragma acc declare copy(g) // expected-error {{OpenACC 'declare' at namespace scope takes 'create', 'copyin', 'deviceptr', 'device_resident' and 'link', not 'copy'}}
#pragma acc declare create(g[0:50]) // expected-error {{OpenACC 'declare' at namespace scope maps whole variables; 'g' has an array section}}
#pragma acc declare create(missing) // expected-error {{'missing' in OpenACC 'declare' is not a variable declared before the directive}}
#pragma acc declare // expected-error {{OpenACC 'declare' needs at least one data clause}}
#pragma acc declare create(h) no_create(g) // expected-error {{OpenACC clause 'no_create' is not allowed on the 'declare' construct}}
#pragma acc declare link(g) copyin(h)
void f(int n) {
  double a[10];
#pragma acc declare copy(a) present(g) create(nothing) // expected-error {{'nothing' in OpenACC 'declare' is not a variable declared before the directive}}
#pragma acc parallel loop link(a) // expected-error {{OpenACC clause 'link' is not allowed on the 'parallel loop' construct}}
  for (int i = 0; i < n; ++i) a[i] = 0;
}
#else
double arr[8];
#pragma acc declare copyin(arr)
// CHECK: static void *const __ferry_declare_0 __attribute__((used)) __attribute__((annotate("ferry.declare;kind=copyin;at={{.*}}declare.cpp:[[@LINE-1]]"))) = (void *)&arr;
// CHECK: static const bool __ferry_declare_init_0 = ::ferry::acc::declare_global(&arr, sizeof (arr), FERRY_DATA_COPYIN, "arr");
void k() {
  double b[4];
#pragma acc declare create(b)
// CHECK: ::ferry::acc::declare_scope __ferry_declare_1([&](::ferry::acc::declare_scope &__ferry_self) {
// CHECK: __ferry_self.enter(__ferry_region, __ferry_data, 1U, __ferry_options);
}
#endif
