// The routine directive: clauses it takes, its level clauses one at a time,
// the operand of bind, and what it leaves for the outliner (the bind record
// on the function, or on a variable holding its address for the named form).
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// RUN: %ferry-clangxx -E -DREWRITE %s | tr -d " \n" | %FileCheck %s

#ifndef REWRITE
#pragma acc routine seq vector // expected-error {{OpenACC clauses 'seq' and 'vector' cannot be combined}}
void f1();
#pragma acc routine gang worker // expected-error {{OpenACC clauses 'gang' and 'worker' cannot be combined}}
void f2();
#pragma acc routine seq copy(x) // expected-error {{OpenACC clause 'copy' is not allowed on the 'routine' construct}}
void f3();
#pragma acc routine seq bind(1 + 2) // expected-error {{OpenACC 'bind' takes a function name or a string literal}}
void f4();
#pragma acc routine seq device_type(nvidia) nohost // expected-error {{OpenACC clause 'nohost' cannot follow 'device_type' on the 'routine' construct (OpenACC 3.3, 2.4)}}
void f5();
void g() {
#pragma acc parallel loop bind(f1) // expected-error {{OpenACC clause 'bind' is not allowed on the 'parallel loop' construct}}
  for (;;) ;
}
#pragma acc routine(f1 // expected-error {{expected ')' to close the argument of OpenACC clause 'routine'}}
#pragma acc routine seq nohost
void f6() {}
#pragma acc routine(undeclared_fn) seq // expected-error {{'undeclared_fn' in OpenACC 'routine(undeclared_fn)' is not declared yet: declare the function before the directive, or write '#pragma acc routine' without the name right before its declaration, which it then applies to}}
int not_function;
#pragma acc routine(not_function) seq // expected-error {{OpenACC 'routine' must be followed by a function declaration or name a function: routine(name)}}
void over(int);
void over(double);
#pragma acc routine(over) seq bind(f6) // expected-error {{OpenACC 'bind' on an overloaded or member function is not supported by Ferry yet}}
#pragma acc routine seq bind(f6)
auto lam = [](int x) { return x; };
#pragma acc routine seq
auto not_lambda = 5; // expected-error {{OpenACC 'routine' must be followed by a function declaration or name a function}}
#pragma acc routine(f1) seq bind(capturing) // expected-error {{OpenACC 'bind' names 'capturing', a lambda that captures variables; Ferry binds to functions and to lambdas without captures}}
auto capturing = [k = 2](int x) { return k * x; };
#pragma acc routine vector
template <class T> T twice(T x) { return 2 * x; }
#else
#pragma acc routine seq
double plain(double x) { return x; }
// CHECK: __attribute__((annotate("ferry.routine;level=seq;at={{.*}}routine.cpp:[[@LINE-2]]")))doubleplain(doublex)
double dev(double x) { return -x; }
#pragma acc routine(plain) seq bind(dev)
// CHECK: staticvoid(*const__ferry_routine_0)()__attribute__((used,annotate("ferry.routine;level=seq;bind=dev;at={{.*}}routine.cpp:[[@LINE-1]]")))=reinterpret_cast<void(*)()>(&plain);
#pragma acc routine worker bind("dev")
template <class T> T tmpl(T x) { return x; }
// CHECK: template<classT>__attribute__((annotate("ferry.routine;level=worker;bind=dev;at={{.*}}routine.cpp:[[@LINE-2]]")))Ttmpl(Tx)
#endif
