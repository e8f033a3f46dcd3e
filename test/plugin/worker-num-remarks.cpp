// worker(n) in `kernels`: the remark names the number of workers it gives
// each gang of a gang/worker/vector nest, and says so where no worker loop
// holds vector loops (a flat loop: the clause has nothing to set).
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s

void nests(const double *x, double *y, int n, int nw) {
#pragma acc kernels copyin(x[0:n * n * n]) copyout(y[0:n * n])
  {
// CHECK-DAG: worker-num-remarks.cpp:[[@LINE+1]]:{{.*}} 'loop' over 'i', each iteration on one gang of workers (one warp each, worker(nw) of them) that share its worker loops
#pragma acc loop gang independent
    for (int i = 0; i < n; ++i)
#pragma acc loop worker(nw) independent
      for (int j = 0; j < n; ++j) {
        double s = 0;
#pragma acc loop vector independent reduction(+:s)
        for (int k = 0; k < n; ++k)
          s += x[(i * n + j) * n + k];
        y[i * n + j] = s;
      }
  }
// CHECK-DAG: worker-num-remarks.cpp:[[@LINE+1]]:{{.*}} 'kernels loop' over 'i', worker(4) without effect (no worker loop of the region holds vector loops)
#pragma acc kernels loop gang worker(num: 4) independent copyout(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = 0;
}
