// Data and device directives inside a compute construct or one of its loops
// (OpenACC allows them only in host code): an error naming the directive
// and the construct around it (before: "a compute region cannot call
// 'ferry_data_directive' on a GPU", an internal function of Ferry's; lanl
// GPULife's update inside kernels). The same in C and C++.
// RUN: %ferry-clang -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// RUN: %ferry-clangxx -x c++ -fsyntax-only -ferror-limit=0 -Xclang -verify %s

void f(int n, int *a) {
#pragma acc data copy(a[0:n])
#pragma acc kernels
  {
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma acc update host(a[0:n]) // expected-error {{OpenACC 'update' is not allowed inside a compute construct: this 'update' is inside a 'kernels' (place it before or after that construct)}}
#pragma acc enter data copyin(a[0:n]) // expected-error {{OpenACC 'enter data' is not allowed inside a compute construct: this 'enter data' is inside a 'kernels'}}
#pragma acc exit data delete(a[0:n]) // expected-error {{OpenACC 'exit data' is not allowed inside a compute construct: this 'exit data' is inside a 'kernels'}}
#pragma acc wait // expected-error {{OpenACC 'wait' is not allowed inside a compute construct: this 'wait' is inside a 'kernels'}}
  }
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; i++) {
#pragma acc data copy(a[0:n]) // expected-error {{OpenACC 'data' is not allowed inside a compute construct: this 'data' is inside a 'parallel loop'}}
    { a[i] = 0; }
  }
#pragma acc parallel copy(a[0:n])
  {
#pragma acc loop
    for (int i = 0; i < n; i++) {
#pragma acc set device_num(0) // expected-error {{OpenACC 'set' is not allowed inside a compute construct: this 'set' is inside a 'loop'}}
      a[i] = 1;
    }
  }
  // Outside: fine.
#pragma acc update self(a[0:n])
#pragma acc wait
}
