// The same data in `present` and in another data clause of one directive
// (`present(a, err) copyout(err)`, kuldeep-tolia's red_black_mapping.c):
// OpenACC names a variable in one data clause and GCC refuses it; Ferry maps
// one directive's items of the same data as their union, but `present`
// still requires the data present, so the construct stopped on a GPU with no
// word at compile time (OpenACC sweep 11, F4). A warning at the second
// clause. Not for the same data in two mapping clauses (their union,
// e2e/c-data-same-section.c), nor different sections of one array.
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:

void f(double *a, double *b, int n) {
  double err = 0;
// CHECK: present-and-mapped.c:[[#@LINE+1]]:56: warning: 'err' is named in 'present' and in 'copyout' of this directive (OpenACC names a variable in one data clause; GCC refuses it): 'present' requires the data to be present before the construct, so where it is not, the construct stops on a GPU; name it in one clause
#pragma acc parallel loop present(a[0:n], err) copyout(err) reduction(max:err)
  for (int i = 0; i < n; i++)
    err = a[i] > err ? a[i] : err;
// CHECK: present-and-mapped.c:[[#@LINE+1]]:41: warning: 'b' is named in 'copyin' and in 'present'
#pragma acc data copyin(b[0:n]) present(b)
  {
  }
#pragma acc data copyin(a[0:n]) copyout(a[0:n]) create(b[0:n / 2]) present(b[n / 2:n / 2])
  {
  }
}
