// The operands of the level clauses: gang(num:), gang(n), vector(length:)
// and vector(n) set the region's gangs and vector length (a nested loop's
// vector(n) sets its gangs' width); what Ferry does not honour is a warning
// at the operand, an unknown modifier an error.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify -DBAD %s
// RUN: %ferry-clangxx -E %s | %FileCheck %s

void f(double *a, int n) {
// CHECK: num_gangs = {{.*}}geometry_clause ( __ferry_region , "gang(num:)" , (4 ) ,
// CHECK: vector_length = {{.*}}geometry_clause ( __ferry_region , "vector" , (64 ) ,
#pragma acc parallel loop gang(num:4) vector(length:64) copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// CHECK: vector_length = {{.*}}geometry_clause ( __ferry_region , "vector" , (n / 2 ) ,
#pragma acc parallel loop gang copy(a[0:n * n])
  for (int i = 0; i < n; ++i) {
    a[i * n] = 0;
#pragma acc loop vector(n / 2)
    for (int j = 1; j < n; ++j)
      a[i * n + j] = j;
  }
#pragma acc parallel loop gang(static:2) copy(a[0:n]) // expected-warning {{'gang(static:2)' is ignored: Ferry gives each gang its own iterations (gang(static:) is not supported yet)}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc parallel loop worker(8) copy(a[0:n]) // expected-warning {{'worker(8)' is ignored: workers are not a separate dimension in Ferry yet}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#ifdef BAD
#pragma acc parallel loop gang(count:2) copy(a[0:n]) // expected-error {{unknown modifier 'count' in 'gang(count:2)' (expected 'num:', 'static:' or 'dim:')}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#endif
}
