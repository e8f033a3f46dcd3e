// The declare directive: the clauses it takes at namespace scope and in a
// function, whole variables and one-dimensional sections of pointers and
// arrays at namespace scope, names that must be variables, and the records
// it leaves (none for a variable of which a section is declared: regions
// translate the pointer as for any global).
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// RUN: %ferry-clangxx -fsyntax-only -DREWRITE -Xclang -ast-print %s 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fsyntax-only -DREWRITE -fplugin-arg-ferry-remarks %s 2>&1 | %FileCheck %s --check-prefix=REMARK

#ifndef REWRITE
double g[100];
int h;
#pragma acc declare copy(g) // expected-error {{OpenACC 'declare' at namespace scope takes 'create', 'copyin', 'deviceptr', 'device_resident' and 'link', not 'copy'}}
double m[10][10];
double *ptr;
int scalar;
#pragma acc declare create(m[0:2][0:5]) // expected-error {{OpenACC 'declare' at namespace scope takes sections of one dimension ('m[lo:len]'); 'm' has a section of 2 dimensions}}
#pragma acc declare deviceptr(ptr[0:4]) // expected-error {{OpenACC 'deviceptr' on 'declare' takes whole pointer variables; 'ptr' has an array section}}
#pragma acc declare create(scalar[0:1]) // expected-error {{'scalar[0:1]' in OpenACC clause 'create' names a section of 'scalar', which is neither an array nor a pointer: name the variable alone ('scalar')}}
struct Pair {
  int a, b;
} pair;
#pragma acc declare create(pair[0:1]) // expected-error {{'pair' in 'create(pair[...])' is a 'struct Pair', not a pointer or an array: an OpenACC array section needs one}}
int Pair::*member;
#pragma acc declare create(member[0:1]) // expected-error {{'member[0:1]' in OpenACC clause 'create' names a section of 'member', which is neither an array nor a pointer: name the variable alone ('member')}}
#pragma acc declare copyin(ptr[2:]) // expected-error {{'ptr' in OpenACC 'declare': a section without a length ('ptr[lo:]') reaches to the end of an array of known bound, in its first dimension; give the length ('ptr[lo:len]')}}
#pragma acc declare create(g[0:50], ptr[0:h])
#pragma acc declare create(missing) // expected-error {{'missing' in OpenACC 'declare' is not a variable declared before the directive}}
#pragma acc declare // expected-error {{OpenACC 'declare' needs at least one data clause}}
#pragma acc declare create(h) no_create(g) // expected-error {{OpenACC clause 'no_create' is not allowed on the 'declare' construct}}
#pragma acc declare link(g) copyin(h)
void f(int n) {
  double a[10];
  double *q = a;
#pragma acc declare create(q[1:]) // expected-error {{'q' in OpenACC 'declare': a section without a length ('q[lo:]') reaches to the end of an array of known bound, in its first dimension; give the length ('q[lo:len]')}}
#pragma acc declare copy(a) present(g) create(nothing) // expected-error {{'nothing' in OpenACC 'declare' is not a variable declared before the directive}}
#pragma acc parallel loop link(a) // expected-error {{OpenACC clause 'link' is not allowed on the 'parallel loop' construct}}
  for (int i = 0; i < n; ++i) a[i] = 0;
  // g is linked: a data clause that names it moves no data (Ferry's link
  // is create); the warning says so (for its sections too), nothing for h.
#pragma acc data copy(g) copyin(h) // expected-warning {{'g' in 'copy' is in a 'declare link' directive, which Ferry implements as 'declare create': its device copy exists from the program's start, so this clause finds it present and moves no data; write 'update device(g)' before the construct and 'update self(g)' after it to move its values}}
  {
#pragma acc parallel loop copyin(g[0:n]) // expected-warning {{'g' in 'copyin' is in a 'declare link' directive}}
    for (int i = 0; i < n; ++i) a[i] = g[i] + h;
  }
}
#else
double arr[8];
#pragma acc declare copyin(arr)
// CHECK: static void *const __ferry_declare_0 __attribute__((used)) __attribute__((annotate("ferry.declare;kind=copyin;at={{.*}}declare.cpp:[[@LINE-1]];ref=__ferry_global_ref_arr"))) = (void *)&arr;
// CHECK: static const bool __ferry_declare_init_0 = ::ferry::acc::declare_global(&arr, sizeof (arr), FERRY_DATA_COPYIN, "arr", "__ferry_global_ref_arr");
void k() {
  double b[4];
#pragma acc declare create(b)
// CHECK: ::ferry::acc::declare_scope __ferry_declare_1([&](::ferry::acc::declare_scope &__ferry_self) {
// CHECK: __ferry_self.enter(__ferry_region, __ferry_data, 1U, __ferry_options);
}
// A section of a pointer at namespace scope: entered at startup from the
// pointer's value then, no record (regions translate the pointer).
int n = 100;
double *a;
#pragma acc declare create(a[0:n])
// CHECK-NOT: ferry.declare;kind=create
// CHECK: static const bool __ferry_declare_init_2 = ::ferry_declare_global_section(a, (typeof (sizeof(int)))(0), (typeof (sizeof(int)))(n), sizeof ((a)[0]), FERRY_DATA_CREATE, "a[0:n]") == FERRY_SUCCESS;
// REMARK: declare.cpp:[[@LINE-3]]:28: remark: ferry: 'declare' at namespace scope: 'a[0:n]' is put on each device at its first use, its bounds evaluated when the program starts (nothing while 'a' is null), and stays present for the whole program; 'a' itself gets no device copy: regions translate its value to present data, as for any global pointer
double buf[100];
void after() {
  for (int i = 0; i < 2; ++i) {
  }
}
// Right after a function body (the parser's lookahead): still namespace
// scope. `buf[10:]` reaches to the end of the array.
#pragma acc declare copyin(buf[10:]) device_resident(buf[0:4])
// CHECK: static const bool __ferry_declare_init_3 = ::ferry_declare_global_section(buf, (typeof (sizeof(int)))(10), (typeof (sizeof(int)))(sizeof (buf) / sizeof ((buf)[0]) - (10)), sizeof ((buf)[0]), FERRY_DATA_COPYIN, "buf[10:]") == FERRY_SUCCESS;
// CHECK-NEXT: static const bool __ferry_declare_init_4 = ::ferry_declare_global_section(buf, (typeof (sizeof(int)))(0), (typeof (sizeof(int)))(4), sizeof ((buf)[0]), FERRY_DATA_CREATE, "buf[0:4]") == FERRY_SUCCESS;
// REMARK: declare.cpp:[[@LINE-3]]:28: remark: ferry: 'declare' at namespace scope: 'buf[10:]' is put on each device at its first use, its bounds evaluated when the program starts, and stays present for the whole program; 'buf' itself gets no device copy: regions name the section in a data clause ('present(buf[10:])')
void local() {
  double l[8];
#pragma acc declare create(l[2:])
// CHECK: ::ferry::acc::declare_scope __ferry_declare_5(
// CHECK: {(const void *)&(l)[2], sizeof ((l)[0]) * (size_t)(sizeof (l) / sizeof ((l)[0]) - (2)), FERRY_DATA_CREATE,
}
#endif
