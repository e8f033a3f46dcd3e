// The operands of the level clauses: gang(num:), gang(n), vector(length:)
// and vector(n) set the region's gangs and vector length (a nested loop's
// vector(n) sets its gangs' width), gang(static:n) deals chunks to the gangs;
// what Ferry does not honour is a warning at the operand, gang(dim:) and an
// unknown modifier an error.
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
// CHECK: gang_chunks __ferry_chunks ( {{.*}}geometry_clause ( __ferry_region , "gang(static:)" , (2 ) ,
#pragma acc parallel loop gang(static:2) copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc parallel loop gang(static:4) tile(2, 2) copy(a[0:n]) // expected-warning {{'gang(static:4)' is ignored: 'tile' gives each gang whole tiles}}
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i] += 1;
#pragma acc parallel loop worker(8) copy(a[0:n]) // expected-warning {{'worker(8)' is ignored: the construct's num_workers sets the workers of a gang}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#ifdef BAD
#pragma acc parallel loop gang(dim:2) copy(a[0:n]) // expected-error {{'gang(dim:2)': gangs in several dimensions (OpenACC 3.3's gang(dim:)) are not supported by Ferry yet; drop 'dim:' to use one dimension}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc parallel loop copy(a[0:n * n])
  for (int i = 0; i < n; ++i) {
#pragma acc loop gang(num:2, dim:1) // expected-error {{'gang(num:2,dim:1)': gangs in several dimensions}}
    for (int j = 0; j < n; ++j)
      a[i] += 1;
  }
#pragma acc parallel loop gang(count:2) copy(a[0:n]) // expected-error {{unknown modifier 'count' in 'gang(count:2)' (expected 'num:', 'static:' or 'dim:')}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#endif
}
