// Which nests get workers as a second block dimension, as the remarks say it:
// gang/worker/vector by clauses and by position (three levels without
// clauses), a `worker vector` middle loop (its inner loop in order), and a
// worker iteration whose code cannot be made worker-single (an object used by
// its vector loops): the region falls back and the remark says why.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fplugin-arg-ferry-targets=sm_80 -O2 -c %s \
// RUN:   -o /dev/null 2>&1 | %FileCheck %s

struct Pair {
  double a, b;
};

void levels(const double *x, double *y, int n) {
// CHECK-DAG: worker-remarks.cpp:[[@LINE+2]]:{{.*}} 'parallel loop' over 'i', each iteration on one gang of workers (one warp each, num_workers of them) that share its worker loops, their vector loops on each worker's lanes
// CHECK-DAG: worker-remarks.cpp:[[@LINE+1]]:1: remark: 'worker-remarks.cpp:[[@LINE+1]] parallel loop': kernel {{.*}}; one iteration per gang, a block of num_workers workers
#pragma acc parallel loop gang num_workers(8) copyin(x[0:n*n*n]) copyout(y[0:n*n])
  for (int i = 0; i < n; ++i) {
// CHECK-DAG: worker-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the gang's workers, one warp each (worker level); its own code is worker-single (its stores on lane 0 of the worker), its vector loops spread over the worker's lanes
#pragma acc loop worker
    for (int j = 0; j < n; ++j) {
      double s = 0;
// CHECK-DAG: worker-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'k' nested in a region's iteration: spread over the vector lanes of the worker running the enclosing worker iteration (vector level); reductions combined over the worker's lanes: +:s
#pragma acc loop vector reduction(+:s)
      for (int k = 0; k < n; ++k)
        s += x[(i * n + j) * n + k];
      y[i * n + j] = s;
    }
  }
// CHECK-DAG: worker-remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i', each iteration on one gang of workers
#pragma acc parallel loop copyin(x[0:n*n*n]) copyout(y[0:n*n])
  for (int i = 0; i < n; ++i) {
// CHECK-DAG: worker-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the gang's workers
#pragma acc loop
    for (int j = 0; j < n; ++j) {
      y[i * n + j] = 0;
#pragma acc loop
      for (int k = 0; k < n; ++k)
        y[i * n + k] += x[j];
    }
  }
// CHECK-DAG: worker-remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i', each iteration on one gang whose work-items share its nested loops
#pragma acc parallel loop copyin(x[0:n*n*n]) copyout(y[0:n*n])
  for (int i = 0; i < n; ++i) {
    y[i * n] = 1;
// CHECK-DAG: worker-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (worker vector level)
#pragma acc loop worker vector
    for (int j = 1; j < n; ++j) {
      double s = 0;
#pragma acc loop
      for (int k = 0; k < n; ++k)
        s += x[k];
      y[i * n + j] = s;
    }
  }
}

void fallback(double *y, int n) {
// CHECK-DAG: worker-remarks.cpp:[[@LINE+1]]:1: remark: 'worker-remarks.cpp:[[@LINE+1]] parallel loop': {{.*}}; vector_length work-items per block (256 by default){{.*}}; its nested loops run in order inside each iteration because in a worker loop, an object of type 'Pair' declared in an iteration is used by its nested loops
#pragma acc parallel loop copyout(y[0:n*n])
  for (int i = 0; i < n; ++i) {
#pragma acc loop worker
    for (int j = 0; j < n; ++j) {
      Pair p{1.0 * i, 2.0 * j};
#pragma acc loop vector
      for (int k = 0; k < n; ++k)
        y[i * n + k] += p.a + p.b;
    }
  }
}
