// device_type with the level clauses' operands and num_workers: the chunk
// size of gang(static:), num_workers, and worker(n) in `kernels` (on the
// region's loop or its worker loop) are launch values chosen per device
// type when the construct runs; gang(static:) for some types only is a
// different schedule (an error), gang(dim:) for some types is checked as
// everywhere, worker(n) for some types keeps OpenACC 3.3 2.9.3's rules
// (kernels only, not beside a num_workers of any type), and a nested
// loop's gang(n)/vector(n) for some types, or a worker(n) that an earlier
// loop of the region set otherwise, are warned and ignored.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify -DBAD %s
// RUN: %ferry-clangxx -E %s | %FileCheck %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=REMARK

void accepted(double *a, int n, int nw) {
// CHECK: gang_chunks __ferry_chunks ( {{.*}}geometry_clause ( __ferry_region , "gang(static:)" , ( ( :: ferry :: acc :: device_type_in ( { acc_device_nvidia } ) ? (8 ) : (4 ) ) ) ,
// REMARK: [[#@LINE+1]]:13: remark: ferry: 'parallel loop' over 'i', gang(static:8 on nvidia, 4 otherwise): chunks
#pragma acc parallel loop gang(static:4) copy(a[0:n]) device_type(nvidia) gang(static:8)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// Every type with its own chunk: the last stands for the others.
// CHECK: geometry_clause ( __ferry_region , "gang(static:)" , ( ( :: ferry :: acc :: device_type_in ( { acc_device_host } ) ? (n ) : (16 ) ) ) ,
#pragma acc parallel loop copy(a[0:n]) device_type(host) gang(static:n) device_type(nvidia, radeon) gang(static:16)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// CHECK: if ( :: ferry :: acc :: device_type_in ( { acc_device_radeon } ) ) { __ferry_options . num_workers = :: ferry :: acc :: geometry_clause ( __ferry_region , "num_workers" , (2 ) , 1024LL ) ; } else { __ferry_options . num_workers = :: ferry :: acc :: geometry_clause ( __ferry_region , "num_workers" , (nw ) , 1024LL ) ; }
#pragma acc parallel loop gang num_workers(nw) copy(a[0:n * n]) device_type(radeon) num_workers(2)
  for (int i = 0; i < n; ++i)
#pragma acc loop worker
    for (int j = 0; j < n; ++j) {
#pragma acc loop vector
      for (int k = 0; k < n; ++k)
        a[i * n + k] += j;
    }
// worker(n) per type on the worker loop of a `kernels` construct, after
// the loop's own.
// CHECK: num_workers = {{.*}}geometry_clause ( __ferry_region , "worker" , (4 ) , 1024LL ) ; if ( :: ferry :: acc :: device_type_in ( { acc_device_nvidia } ) ) __ferry_options . num_workers = {{.*}}"worker" , (8 ) , 1024LL ) ; if ( :: ferry :: acc :: device_type_in ( { acc_device_radeon } ) ) __ferry_options . num_workers = {{.*}}"worker" , (2 ) , 1024LL ) ;
// REMARK: [[#@LINE+3]]:13: remark: ferry: 'loop' over 'i', each iteration on one gang of workers (one warp each, worker(4) of them) that share its worker loops, their vector loops on each worker's lanes, worker(8) on nvidia sets the gang's workers there, worker(2) on radeon sets the gang's workers there
#pragma acc kernels copy(a[0:n * n])
  {
#pragma acc loop gang independent
    for (int i = 0; i < n; ++i)
#pragma acc loop worker(4) independent device_type(nvidia) worker(8) independent device_type(radeon) worker(num:2) independent
      for (int j = 0; j < n; ++j) {
#pragma acc loop vector independent
        for (int k = 0; k < n; ++k)
          a[i * n + k] += j;
      }
  }
// On the region's loop of a `kernels loop`.
// CHECK: if ( :: ferry :: acc :: device_type_in ( { acc_device_radeon } ) ) __ferry_options . num_workers = {{.*}}"worker" , (2 ) , 1024LL ) ;
#pragma acc kernels loop copy(a[0:n * n]) gang worker(4) independent device_type(radeon) gang worker(2) independent
  for (int i = 0; i < n; ++i)
#pragma acc loop worker independent // expected-warning {{a loop with 'worker' inside a loop with 'worker': OpenACC does not allow it}}
    for (int j = 0; j < n; ++j) {
#pragma acc loop vector independent
      for (int k = 0; k < n; ++k)
        a[i * n + k] += j;
    }
}

#ifdef BAD
void refused(double *a, int n) {
#pragma acc parallel loop copy(a[0:n]) gang device_type(nvidia) gang(static:4) // expected-error {{the clauses after 'device_type' give this 'parallel loop' a different loop schedule per device type (host: gang; nvidia: gang(static:); radeon: gang)}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) gang device_type(radeon) gang(dim:4) // expected-error {{'gang(dim:4)': the 'dim:' argument must be the constant 1, 2 or 3}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc parallel loop copy(a[0:n]) gang worker device_type(nvidia) gang worker(4) // expected-error {{'worker(4)': a number of workers on a loop is allowed only in a 'kernels' construct (OpenACC 3.3, 2.9.3), not on a loop of a 'parallel loop' construct}}
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma acc kernels copy(a[0:n]) device_type(nvidia) num_workers(4) // expected-note {{'num_workers' is here}}
  {
#pragma acc loop worker device_type(radeon) worker(2) // expected-error {{'worker(2)' conflicts with 'num_workers(4)' of the 'kernels' construct}}
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
#pragma acc kernels copy(a[0:n * n])
  {
#pragma acc loop gang worker(4) independent
    for (int i = 0; i < n; ++i)
#pragma acc loop worker independent device_type(nvidia) worker(8) independent // expected-warning {{'worker(8)' is ignored: an earlier loop of the region sets the gang's workers (worker(4))}} expected-warning {{a loop with 'worker' inside a loop with 'worker': OpenACC does not allow it}}
      for (int j = 0; j < n; ++j) {
#pragma acc loop vector independent device_type(radeon) vector(64) independent // expected-warning {{'vector(64)' is ignored: Ferry sets a nested loop's operands for every device type, not for some}}
        for (int k = 0; k < n; ++k)
          a[i * n + k] += j;
      }
  }
}
#endif
