// A `loop` construct that is the whole body of a sequential `for` of host
// control: the remark says when it is interchanged with that loop, and
// -Rpass-missed=ferry says why not (the dependence with the loop inside);
// loops with other clauses, triangular ones and loops that share their
// braces with other statements stay where they are, without a remark. An
// interchange that takes arrays for distinct memory that the program does
// not promise to be (no `restrict`) says so: where their sections overlap,
// the loop launches once per iteration of the `for`, as written
// (e2e/loop-interchange-aliasing.cpp).
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s

void sweeps(double (*__restrict x)[64], double (*__restrict b)[64], int n, int steps) {
  int t, i, j;
  double s = 0;
#pragma acc data copy(x[0:n][0:64], b[0:n][0:64])
#pragma acc parallel
  {
    for (t = 0; t < steps; t++) {
      // CHECK: loop-interchange-remarks.cpp:[[@LINE+2]]:{{.*}}'loop' over 'j' interchanged with the sequential loop over 'i' around it: one launch
      for (i = 1; i < n; i++)
#pragma acc loop
        for (j = 0; j < n; j++)
          x[i][j] += x[i - 1][j] * b[i][j];
      // CHECK: loop-interchange-remarks.cpp:[[@LINE+2]]:{{.*}}'loop' over 'j' launched in every iteration of the sequential loop over 'i' around it (not interchanged: with that loop inside, loop-carried dependence on 'x'
      for (i = 1; i < n; i++)
#pragma acc loop
        for (j = 0; j < n - 1; j++)
          x[i][j] += x[i - 1][j + 1];
      // Alone in braces.
      // CHECK: loop-interchange-remarks.cpp:[[@LINE+2]]:{{.*}}'loop' over 'j' interchanged with the sequential loop over 'i' around it
      for (i = 1; i < n; i++) {
#pragma acc loop
        for (j = 0; j < n; j++)
          b[i][j] += b[i - 1][j];
      }
      // CHECK-NOT: interchanged
      for (i = 1; i < n; i++)
#pragma acc loop reduction(+:s)
        for (j = 0; j < n; j++)
          s += x[i][j];
      for (i = 1; i < n; i++)
#pragma acc loop
        for (j = i; j < n; j++)
          b[i][j] += b[i - 1][j];
      for (i = 1; i < n; i++) {
#pragma acc loop
        for (j = 0; j < n; j++)
          b[i][j] += b[i - 1][j];
        s += 1;
      }
      for (i = 1; i < n; i++) {
#pragma acc loop
        for (j = 0; j < n; j++)
          b[i][j] += b[i - 1][j];
#pragma acc loop
        for (j = 0; j < n; j++)
          x[i][j] += b[i][j];
      }
    }
  }
}

void maybeSame(double (*x)[64], double (*b)[64], int n) {
  int i, j;
#pragma acc parallel copy(x[0:n][0:64]) copyin(b[0:n][0:64])
  {
    // CHECK: loop-interchange-remarks.cpp:[[@LINE+2]]:{{.*}}'loop' over 'j' interchanged with the sequential loop over 'i' around it: one launch, each iteration running that loop in order (its iterations proven independent with it inside; the proof takes 'b' and 'x' (unless they are equal) for distinct memory: where their sections overlap, one launch per iteration of that loop, as written)
    for (i = 1; i < n; i++)
#pragma acc loop
      for (j = 0; j < n; j++)
        x[i][j] += x[i - 1][j] * b[i][j];
  }
}
