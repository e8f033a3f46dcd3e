// The operands of the level clauses: gang(num:), gang(n), vector(length:)
// and vector(n) set the region's gangs and vector length (a nested loop's
// vector(n) sets its gangs' width), gang(static:n) deals chunks to the gangs,
// worker(n) in `kernels` sets a gang's workers;
// what Ferry does not honour is a warning at the operand, gang(dim:) other
// than 1, 2 or 3 and an unknown modifier an error (a gang(dim:d) loop is a
// gang loop: Ferry's gangs are one dimension).
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
// In `kernels`, worker(n) and worker(num: n) set the gang's workers, as
// num_workers does (OpenACC 3.3 2.9.3): on the region's loop or on its
// worker loop.
// CHECK: num_workers = {{.*}}geometry_clause ( __ferry_region , "worker" , (8 ) ,
#pragma acc kernels loop gang worker(8) copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// CHECK: num_workers = {{.*}}geometry_clause ( __ferry_region , "worker" , ( n / 4 ) ,
#pragma acc kernels copy(a[0:n * n])
#pragma acc loop gang independent
  for (int i = 0; i < n; ++i)
#pragma acc loop worker(num: n / 4) independent
    for (int j = 0; j < n; ++j) {
#pragma acc loop vector independent
      for (int k = 0; k < n; ++k)
        a[i * n + k] += j;
    }
#ifdef BAD
#pragma acc parallel loop gang(dim:n) copy(a[0:n]) // expected-error {{'gang(dim:n)': the 'dim:' argument must be the constant 1, 2 or 3}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc parallel loop copy(a[0:n * n])
  for (int i = 0; i < n; ++i) {
#pragma acc loop gang(num:2, dim:0) // expected-error {{'gang(num:2,dim:0)': the 'dim:' argument must be the constant 1, 2 or 3}}
    for (int j = 0; j < n; ++j)
      a[i] += 1;
  }
#pragma acc parallel loop gang(count:2) copy(a[0:n]) // expected-error {{unknown modifier 'count' in 'gang(count:2)' (expected 'num:', 'static:' or 'dim:')}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc kernels loop gang worker(4) independent copy(a[0:n * n])
  for (int i = 0; i < n; ++i)
#pragma acc loop worker(2) independent // expected-warning {{'worker(2)' is ignored: an earlier loop of the region sets the gang's workers (worker(4))}} expected-warning {{a loop with 'worker' inside a loop with 'worker': OpenACC does not allow it}}
    for (int j = 0; j < n; ++j) {
#pragma acc loop vector independent
      for (int k = 0; k < n; ++k)
        a[i * n + k] += j;
    }
#pragma acc kernels loop worker(size:2) copy(a[0:n]) // expected-error {{unknown modifier 'size' in 'worker(size:2)' (expected 'num:')}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// A number of workers on a loop: in `kernels` only, where the construct has
// no num_workers.
#pragma acc parallel loop worker(8) copy(a[0:n]) // expected-error {{'worker(8)': a number of workers on a loop is allowed only in a 'kernels' construct (OpenACC 3.3, 2.9.3), not on a loop of a 'parallel loop' construct; set a gang's workers with 'num_workers' on the compute construct}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc parallel copy(a[0:n])
  {
#pragma acc loop worker(num: 2) // expected-error {{'worker(num:2)': a number of workers on a loop is allowed only in a 'kernels' construct (OpenACC 3.3, 2.9.3), not on a loop of a 'parallel' construct}}
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
#pragma acc kernels num_workers(4) copy(a[0:n]) // expected-note {{'num_workers' is here}}
  {
#pragma acc loop worker(2) // expected-error {{'worker(2)' conflicts with 'num_workers(4)' of the 'kernels' construct: a loop sets the number of workers only where its 'kernels' construct does not (OpenACC 3.3, 2.9.3)}}
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
#pragma acc kernels loop num_workers(4) worker(2) copy(a[0:n]) // expected-error {{'worker(2)' conflicts with 'num_workers(4)' of the 'kernels loop' construct}} expected-note {{'num_workers' is here}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#endif
}

#ifdef BAD
void orphaned(double *a, int n) {
#pragma acc loop worker(4) // expected-error {{'worker(4)': a number of workers on a loop is allowed only in a 'kernels' construct (OpenACC 3.3, 2.9.3), not on an orphaned 'loop'}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}
#endif
