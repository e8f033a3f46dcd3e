// Directives that are host code, in the body of a `routine` (which runs on
// the device): refused naming the directive and the routine (they reached
// the device-code check as calls of Ferry's runtime, "cannot call
// 'ferry_data_enter' on a GPU", OpenACC sweep 11 F2). A `data` construct
// whose clauses only check presence means its statement
// (e2e/c-routine-data-present.c).
// RUN: %ferry-clang -fsyntax-only -Xclang -verify %s
// RUN: %ferry-clangxx -x c++ -fsyntax-only -Xclang -verify %s

#pragma acc routine seq
void host_directives(int n, int *a) {
#pragma acc update self(a[0:n]) // expected-error {{OpenACC 'update' is not allowed in the body of 'host_directives', a 'routine' that runs on the device: data, update, wait and compute directives are host code (place it in the code that calls 'host_directives'; a 'data' construct with only 'present', 'deviceptr' or 'no_create' clauses is accepted and means its statement)}}
#pragma acc enter data copyin(a[0:n]) // expected-error {{OpenACC 'enter data' is not allowed in the body of 'host_directives'}}
#pragma acc wait // expected-error {{OpenACC 'wait' is not allowed in the body of 'host_directives'}}
#pragma acc data copy(a[0:n]) // expected-error {{OpenACC 'data' is not allowed in the body of 'host_directives'}}
  { a[0] = 1; }
}

#pragma acc routine vector
void compute(int n, int *a) {
#pragma acc parallel loop // expected-error {{OpenACC 'parallel loop' is not allowed in the body of 'compute'}}
  for (int i = 0; i < n; i++)
    a[i] += 1;
#pragma acc kernels // expected-error {{OpenACC 'kernels' is not allowed in the body of 'compute'}}
  { a[0] = 2; }
#pragma acc loop vector
  for (int i = 0; i < n; i++)
    a[i] += 1;
}

#pragma acc routine seq
int checks_only(int n, const int *a) {
  int s = 0;
#pragma acc data present(a[0:n])
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
