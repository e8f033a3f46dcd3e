// A loop nested in a gang loop's iteration that updates a scalar the gang
// shares (declared in the iteration, private to the gang loop or its
// compute construct, or declared before a `parallel` construct:
// firstprivate) atomically, in place, or by an assignment under a
// condition runs in order inside the iteration, with a missed remark
// saying why (e2e/c-iteration-scalars.c, e2e/c-gang-scalars.c); one whose
// iterations each assign such a temporary first, or that names it in a
// reduction, spreads, and so does one whose scalar is shared data (`copy`).
// The same in C and C++.
// RUN: %ferry-clang -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not="not parallelized"
// RUN: %ferry-clangxx -x c++ -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not="not parallelized"
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %count 0

void count(int *out, const int *key, float *tmp, int n) {
#pragma acc parallel loop gang copyout(out[0:8]) copyin(key[0:8 * n]) copyout(tmp[0:8 * n])
  for (int g = 0; g < 8; g++) {
    int c = 0, d = 0, f = 0, r = 0;
    float t;
// CHECK: iteration-scalar-remarks.c:[[@LINE+1]]:{{.*}} remark: ferry: 'loop' over 'k' not parallelized: it updates 'c' atomically, a scalar declared in the iteration around it; OpenACC shares such a variable among the work-items of the gang and Ferry keeps it on each work-item; its iterations run in order inside each iteration of the loop around it (a 'reduction' clause for a sum or count, or 'c' declared inside the loop where each iteration has its own, spreads them)
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

void shared(int *out, const int *key, int n) {
  int c, f, e = 0;
#pragma acc parallel loop gang private(c) copyout(out[0:8]) copyin(key[0:8 * n]) copy(e)
  for (int g = 0; g < 8; g++) {
    c = 0;
    f = 0;
// CHECK: iteration-scalar-remarks.c:[[@LINE+1]]:{{.*}} not parallelized: it updates 'c' atomically, a scalar private to the gang running the iteration around it; OpenACC
#pragma acc loop vector
    for (int k = 0; k < n; k++) {
#pragma acc atomic update
      c++;
    }
// CHECK: iteration-scalar-remarks.c:[[@LINE+1]]:{{.*}} not parallelized: it assigns 'f' under a condition, a scalar declared before the compute construct, which makes it firstprivate: one copy per gang; OpenACC
#pragma acc loop vector
    for (int k = 0; k < n; k++)
      if (key[g * n + k] < 0)
        f = 1;
// CHECK-NOT: not parallelized
#pragma acc loop vector
    for (int k = 0; k < n; k++) {
#pragma acc atomic update
      e++;
    }
    out[g] = c + f;
  }
}
