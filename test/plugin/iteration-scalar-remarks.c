// A loop nested in a gang loop's iteration that updates a scalar the
// iteration declares (atomically, in place, or assigned under a
// condition) runs in order inside the iteration, with a missed remark
// saying why (e2e/c-iteration-scalars.c); one whose iterations each assign
// such a temporary first, or that names it in a reduction, spreads. The
// same in C and C++.
// RUN: %ferry-clang -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not="not parallelized"
// RUN: %ferry-clangxx -x c++ -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not="not parallelized"
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %count 0

void count(int *out, const int *key, float *tmp, int n) {
#pragma acc parallel loop gang copyout(out[0:8]) copyin(key[0:8 * n]) copyout(tmp[0:8 * n])
  for (int g = 0; g < 8; g++) {
    int c = 0, d = 0, f = 0, r = 0;
    float t;
// CHECK: iteration-scalar-remarks.c:[[@LINE+1]]:{{.*}} remark: ferry: 'loop' over 'k' not parallelized: it updates 'c' atomically, a scalar declared in the iteration around it, which OpenACC shares among the work-items of the gang and Ferry keeps on each work-item; its iterations run in order inside each iteration of the loop around it (a 'reduction' clause for a sum or count, or 'c' declared inside the loop where each iteration has its own, spreads them)
#pragma acc loop vector
    for (int k = 0; k < n; k++) {
#pragma acc atomic capture
      d = c++;
    }
// CHECK: iteration-scalar-remarks.c:[[@LINE+1]]:{{.*}} not parallelized: it assigns 'f' under a condition, a scalar declared
#pragma acc loop vector
    for (int k = 0; k < n; k++)
      if (key[g * n + k] < 0)
        f = 1;
// CHECK-NOT: not parallelized
#pragma acc loop vector reduction(+:r)
    for (int k = 0; k < n; k++)
      r += key[g * n + k];
#pragma acc loop vector
    for (int k = 0; k < n; k++) {
      t = 2.0f * key[g * n + k];
      tmp[g * n + k] = t;
    }
    out[g] = c + d + f + r;
  }
}
