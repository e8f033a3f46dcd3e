// A plain outer loop around `loop` constructs in `kernels` or `parallel`:
// a loop of the construct, each iteration on a gang and the `loop`s nested
// in it, when the dependence test proves the outer loop's iterations
// independent (read in the source before the nested directives are
// handled); otherwise the construct's sequential control on the host, the
// remark saying why: a time loop (every step writes the same elements), a
// row that reads the row before it, a scalar of the construct that the
// iterations update, a 'break'. test/e2e/kernels-outer-plain.c runs them.
// RUN: %ferry-clang -std=c99 -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -x c++ -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clang -std=c99 -O2 -fplugin-arg-ferry-remarks -c %s -o %t.o 2>&1 | %FileCheck %s --check-prefix=SHAPE

#define N 64
#define M 32
static double a[N][M], b[N][M];

void proven(double *x, int n, int m) {
// CHECK: outer-plain.c:[[@LINE+4]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent, each iteration on one gang whose work-items share its nested loops
// SHAPE: outer-plain.c:[[@LINE+3]]:{{.*}} remark: 'kernels-outer-plain.c:[[@LINE+3]] loop': kernel {{.*}}; one iteration per gang
#pragma acc kernels copy(x[0:n*m]) copyin(a) copyout(b)
  {
    for (int i = 0; i < n; i++) {
#pragma acc loop
      for (int j = 0; j < m; j++)
        b[i][j] = 2 * a[i][j];
#pragma acc loop
      for (int j = 0; j < m; j++)
        x[i * m + j] += b[i][j];
    }
  }
}

void unbraced_parallel(void) {
// CHECK: outer-plain.c:[[@LINE+3]]:{{.*}} remark: ferry: plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent
// SHAPE: outer-plain.c:[[@LINE+2]]:{{.*}} remark: 'kernels-outer-plain.c:[[@LINE+2]] loop': kernel {{.*}}; one iteration per gang
#pragma acc parallel copy(b)
  for (int i = 0; i < N; i++) {
    double t = i;
#pragma acc loop independent
    for (int j = 0; j < M; j++)
      b[i][j] += t;
#pragma acc loop
    for (int j = 0; j < M; j++)
      b[i][j] *= 2;
  }
}

void time_loop(int steps) {
// SHAPE: outer-plain.c:[[@LINE+5]]:{{.*}} remark: 'kernels-outer-plain.c:[[@LINE+5]] loop': kernel {{.*}}; vector_length work-items per block (256 by default)
// CHECK: outer-plain.c:[[@LINE+3]]:{{.*}} remark: ferry: plain loop over 't' runs in order on the host, as the construct's sequential control: every iteration writes 'b' at b[i][j], which does not depend on the loop variable 't'; the loops in it are loops of their own
#pragma acc kernels copy(b) copyin(a)
  {
    for (int t = 0; t < steps; t++) {
#pragma acc loop
      for (int i = 0; i < N; i++)
#pragma acc loop
        for (int j = 0; j < M; j++)
          b[i][j] = 0.5 * b[i][j] + a[i][j];
    }
  }
}

void rows_in_order(void) {
// CHECK: outer-plain.c:[[@LINE+3]]:{{.*}} remark: ferry: plain loop over 'i' runs in order on the host, as the construct's sequential control: loop-carried dependence on 'b': it is written as b[i][j] and accessed as b[i-1][j]; the loops in it are loops of their own
#pragma acc kernels copy(b)
  {
    for (int i = 1; i < N; i++) {
#pragma acc loop
      for (int j = 0; j < M; j++)
        b[i][j] = b[i - 1][j] + 1;
    }
  }
}

double shared_sum(void) {
  double s = 0;
// CHECK: outer-plain.c:[[@LINE+3]]:{{.*}} remark: ferry: plain loop over 'i' runs in order on the host, as the construct's sequential control: the variable 's', declared outside the loop, is assigned in its iterations; the loops in it are loops of their own
#pragma acc kernels copyin(a)
  {
    for (int i = 0; i < N; i++) {
#pragma acc loop reduction(+ : s)
      for (int j = 0; j < M; j++)
        s += a[i][j];
    }
  }
  return s;
}

void leaves(void) {
// CHECK: outer-plain.c:[[@LINE+3]]:{{.*}} remark: ferry: plain loop over 'i' runs in order on the host, as the construct's sequential control: it leaves its body with 'break', 'goto' or 'return'; the loops in it are loops of their own
#pragma acc kernels copy(b)
  {
    for (int i = 0; i < N; i++) {
#pragma acc loop
      for (int j = 0; j < M; j++)
        b[i][j] = 1;
      if (i == N / 2)
        break;
    }
  }
}

// Left by a 'break' on a device value: not a loop construct (one cannot be
// left), so the construct is one region, its loops in order.
void leaves_on_device(void) {
// CHECK: outer-plain.c:[[@LINE+1]]:{{.*}} remark: ferry: 'kernels' as one region of one work-item
#pragma acc kernels copy(b)
  {
    for (int i = 0; i < N; i++) {
#pragma acc loop
      for (int j = 0; j < M; j++)
        b[i][j] = 1;
      if (b[i][0] > 5)
        break;
    }
  }
}
