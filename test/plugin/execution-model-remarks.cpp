// How each construct runs, as the remarks say it: a loop nested in a
// region's iteration spreads over the gang's work-items and the region runs
// one iteration per block, except where the iteration's code cannot be
// shared (the remark names the reason), and except a rectangular loop that
// is the whole body of the region's loop, which joins it as a collapsed
// nest; a worker loop's vector loop spreads over the worker's lanes; `seq`
// and `kernels` loops without `independent` run in order inside; `parallel` with
// sequential control around its loops runs that control on the host and
// launches each loop; with an array written around its loops it stays one
// region.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fplugin-arg-ferry-targets=sm_80 -O2 -c %s \
// RUN:   -o /dev/null 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=NOT
// NOT: 'loop' over 'k' nested in a region's iteration: spread over the vector lanes of the worker running the enclosing worker iteration (vector level)
// NOT: 'loop' over 'j' nested in a region's iteration: spread over the gang's workers, one warp each (worker level)
// NOT-NOT: 'loop' over '{{[qr]}}' nested

struct Pair {
  double a, b;
};

void rowSums(const double *x, double *y, int n) {
// CHECK-DAG: remarks.cpp:[[@LINE+2]]:{{.*}} 'parallel loop' over 'i', each iteration on one gang whose work-items share its nested loops
// CHECK-DAG: remarks.cpp:[[@LINE+1]]:1: remark: 'execution-model-remarks.cpp:[[@LINE+1]] parallel loop': kernel {{.*}}; one iteration per gang of one warp (its nested loops reduce; 8 gangs per block) whose work-items share its nested loops, its other code on one work-item
#pragma acc parallel loop copyin(x[0:n*n]) copyout(y[0:n])
  for (int i = 0; i < n; ++i) {
    double s = 0;
// CHECK-DAG: remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (vector level); reductions combined over the gang's work-items: +:s
#pragma acc loop reduction(+:s)
    for (int j = 0; j < n; ++j)
      s += x[i * n + j];
    y[i] = s;
  }
}

void tight(const double *x, double *y, int n) {
// CHECK-DAG: remarks.cpp:[[@LINE+2]]:{{.*}} 'parallel loop' over a collapse(2) nest: runs
// CHECK-DAG: remarks.cpp:[[@LINE+3]]:{{.*}} 'loop' over 'j' is the whole body of the loop over 'i' and rectangular: the two run as one collapsed loop, an iteration per work-item
#pragma acc parallel loop copyin(x[0:n*n]) copyout(y[0:n*n])
  for (int i = 0; i < n; ++i) {
#pragma acc loop
    for (int j = 0; j < n; ++j)
      y[i * n + j] = 2 * x[i * n + j];
  }
// CHECK-DAG: remarks.cpp:[[@LINE+2]]:{{.*}} 'parallel loop' over 'i', each iteration on one gang whose work-items share its nested loops
// CHECK-DAG: remarks.cpp:[[@LINE+1]]:1: remark: 'execution-model-remarks.cpp:[[@LINE+1]] parallel loop': kernel {{.*}}; one iteration per gang of a block of vector_length work-items (128 by default) that share its nested loops
#pragma acc parallel loop copyin(x[0:n*n]) copyout(y[0:n*n])
  for (int i = 0; i < n; ++i) {
// CHECK-DAG: remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (vector level)
#pragma acc loop
    for (int j = 0; j <= i; ++j) // triangular: not joined
      y[i * n + j] = x[j];
  }
}

void object(double *y, int n) {
// CHECK-DAG: remarks.cpp:[[@LINE+1]]:1: remark: 'execution-model-remarks.cpp:[[@LINE+1]] parallel loop': {{.*}}; vector_length work-items per block (256 by default){{.*}}; its nested loops run in order inside each iteration because an object of type 'Pair' declared in an iteration is used by its nested loops
#pragma acc parallel loop copyout(y[0:n*n])
  for (int i = 0; i < n; ++i) {
    Pair p{1.0 * i, 2.0};
#pragma acc loop
    for (int j = 0; j < n; ++j)
      y[i * n + j] = p.a + p.b * j;
  }
}

void inOrder(double *y, int n) {
#pragma acc parallel loop copy(y[0:n*n])
  for (int i = 0; i < n; ++i) {
#pragma acc loop worker
    for (int j = 0; j < n; ++j) {
#pragma acc loop vector
      for (int k = 0; k < 2; ++k)
        y[i * n + k] += j;
    }
#pragma acc loop seq
    for (int q = 1; q < n; ++q)
      y[i * n + q] += y[i * n + q - 1];
  }
// CHECK-DAG: remarks.cpp:[[@LINE+1]]:{{.*}} 'kernels loop' over 'i': runs
#pragma acc kernels loop independent copy(y[0:n*n])
  for (int i = 0; i < n; ++i) {
#pragma acc loop
    for (int r = 1; r < n; ++r)
      y[i * n + r] += y[i * n + r - 1];
  }
}

void timeSteps(double *a, double *b, double *w, int n, int steps) {
// CHECK-DAG: remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel' (its loops are regions of their own, one launch each; the sequential control around them runs on the calling thread
#pragma acc parallel copy(a[0:n], b[0:n])
  {
    for (int t = 0; t < steps; ++t) {
#pragma acc loop
      for (int i = 1; i < n - 1; ++i)
        b[i] = 0.5 * (a[i - 1] + a[i + 1]);
#pragma acc loop
      for (int i = 1; i < n - 1; ++i)
        a[i] = b[i];
    }
  }
// A statement the host cannot run, between loops: a region of one
// work-item of its own (a device statement); the loop stays a region.
// CHECK-DAG: remarks.cpp:[[@LINE+3]]:{{.*}} 'parallel' (its loops are regions of their own, one launch each; the sequential control
// CHECK-DAG: remarks.cpp:[[@LINE+4]]:5: remark: ferry: statement in 'parallel' (the host cannot run it), as a region of one work-item
// CHECK-DAG: remarks.cpp:[[@LINE+3]]:{{.*}} 'execution-model-remarks.cpp:[[@LINE+3]] statement': kernel {{.*}}; one work-item
#pragma acc parallel copy(w[0:n])
  {
    w[0] = 1;
#pragma acc loop
    for (int i = 1; i < n; ++i)
      w[i] = w[0] * i;
  }
// A declaration that needs the device cannot be a statement of its own.
// CHECK-DAG: remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel' as one region of one work-item
#pragma acc parallel copy(w[0:n])
  {
    double first = w[0];
#pragma acc loop
    for (int i = 1; i < n; ++i)
      w[i] = first * i;
  }
}
