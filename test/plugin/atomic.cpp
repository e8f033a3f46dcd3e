// The atomic construct: the statement forms each clause accepts, the
// clauses it takes, and what the statement is rewritten into.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// RUN: %ferry-clangxx -E -DREWRITE %s | tr -d " \n" | %FileCheck %s

#ifndef REWRITE
void f(int *a, int n, double d, int v) {
#pragma acc atomic read write // expected-error {{OpenACC clauses 'read' and 'write' cannot be combined}}
  v = a[0];
#pragma acc atomic capture update // expected-error {{OpenACC clauses 'capture' and 'update' cannot be combined}}
  v = a[0]++;
#pragma acc atomic copy(a) // expected-error {{OpenACC clause 'copy' is not allowed on the 'atomic' construct}}
  a[0]++;
#pragma acc parallel loop read // expected-error {{OpenACC clause 'read' is not allowed on the 'parallel loop' construct}}
  for (int i = 0; i < n; ++i)
    ;
#pragma acc atomic read
  v = a[0] + 1; // OK for the parser; Sema: not an lvalue
  // expected-error@-1 {{no matching function for call to 'atomic_read'}}
  // expected-note@*:* {{candidate function [with T = int] not viable: expects an lvalue for 1st argument}}
#pragma acc atomic read
  v += a[0]; // expected-error {{the statement of OpenACC 'atomic read' must have the form 'v = x;'}}
#pragma acc atomic write
  a[0]++; // expected-error {{the statement of OpenACC 'atomic write' must have the form 'x = expr;'}}
#pragma acc atomic
  a[0] = n; // expected-error {{the statement of OpenACC 'atomic update' must have the form 'x++;', 'x--;', '++x;', '--x;', 'x binop= expr;', 'x = x binop expr;' or 'x = expr binop x;'}}
#pragma acc atomic update
  a[0] %= 3; // expected-error {{the statement of OpenACC 'atomic update' must have the form}}
#pragma acc atomic capture
  a[0] += 1; // expected-error {{the statement of OpenACC 'atomic capture' must have the form 'v = x++;'}}
#pragma acc atomic capture
  { v = a[0]; a[1] += 1; } // expected-error {{the statement of OpenACC 'atomic capture' must have the form}}
#pragma acc atomic capture
  { v = a[0]; a[0] += 1; v++; } // expected-error {{the statement of OpenACC 'atomic capture' must have the form}}
#pragma acc atomic
  d <<= 1; // expected-error@*:* {{OpenACC atomic: & | ^ << >> need integer operands}}
  // expected-error@*:* {{invalid operands to binary expression}}
  // expected-note@-2 {{in instantiation of function template specialization}}
  // expected-note@*:* {{in instantiation of function template specialization 'ferry::acc::atomic_apply}}
}
#else
void g(int *a, double &x, double e, int v) {
// CHECK-LABEL: voidg(
#pragma acc atomic
  a[v] += 2;
// CHECK: ::ferry::acc::atomic_update<::ferry::acc::atomic_op::add,true>(a[v],(2))
#pragma acc atomic update
  x = e - x;
// CHECK: ::ferry::acc::atomic_update<::ferry::acc::atomic_op::rsub,true>(x,(e))
#pragma acc atomic update
  x = x * e + 1;
// CHECK: ::ferry::acc::atomic_update_with<true>(x,[&](auto__ferry_old){return(__ferry_old*e+1);})
#pragma acc atomic capture
  v = a[0]--;
// CHECK: v=::ferry::acc::atomic_update<::ferry::acc::atomic_op::sub,false>(a[0],(1))
#pragma acc atomic capture
  { v = a[1]; a[1] = 5; }
// CHECK: v=::ferry::acc::atomic_exchange(a[1],(5))
#pragma acc atomic read
  e = x;
// CHECK: e=::ferry::acc::atomic_read(x)
#pragma acc atomic write if(v)
  x = e;
// CHECK: if(v){::ferry::acc::atomic_write(x,(e));}elsex=e;
}
#endif
