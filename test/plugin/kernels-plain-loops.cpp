// Plain loops in `kernels` (no `loop` directive) are `loop` constructs
// without clauses: the remarks name them, say whether their iterations were
// proven independent (a perfectly nested plain loop joins as a collapsed
// nest), and -Rpass-missed=ferry says why one runs in order. A `for` with a
// directive inside is control code, not a plain loop; in `parallel`, plain
// loops are the construct's loops too (as NVHPC's autopar).
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s
// RUN: %ferry-clang -x c -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=C

void f(double *a, double *b, int n, int steps) {
#pragma acc data copy(a[0:n], b[0:n])
  {
// CHECK: plain-loops.cpp:[[@LINE+5]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent
// CHECK: plain-loops.cpp:[[@LINE+6]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over a collapse(2) nest, iterations proven independent
// CHECK: plain-loops.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'kernels' (its loops are regions of their own)
#pragma acc kernels
    {
      for (int i = 0; i < n; ++i)
        a[i] = b[i];
      for (int i = 0; i < n / 4; ++i)
        for (int j = 0; j < 4; ++j)
          b[i * 4 + j] = i + j;
    }
// CHECK: plain-loops.cpp:[[@LINE+3]]:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized: loop-carried dependence on 'a': it is written as a[i] and accessed as a[i-1]; its iterations run in order (put '#pragma acc loop independent' before it if they are)
// CHECK: plain-loops.cpp:[[@LINE+2]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations in order
#pragma acc kernels
    for (int i = 1; i < n; ++i)
      a[i] = a[i - 1] + 1;
// A time loop with a `loop` construct inside: host control, and the plain
// loop beside that construct is a loop of its own.
// CHECK: plain-loops.cpp:[[@LINE+6]]:{{.*}} remark: ferry: 'loop' over 'i'
// CHECK: plain-loops.cpp:[[@LINE+8]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent
// CHECK: plain-loops.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'kernels' (its loops are regions of their own, one launch each; the sequential control around them runs on the calling thread
#pragma acc kernels
    {
      for (int t = 0; t < steps; ++t) {
#pragma acc loop independent
        for (int i = 1; i < n; ++i)
          b[i] = a[i - 1];
        for (int i = 0; i < n; ++i)
          a[i] = b[i];
      }
    }
// In `parallel`, too, as if one gang ran the construct (a gang-redundant
// loop whose iterations are independent computes the same spread out).
// CHECK: plain-loops.cpp:[[@LINE+4]]:{{.*}} remark: ferry: plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent
// CHECK: plain-loops.cpp:[[@LINE+1]]:{{.*}} remark: ferry: 'parallel' (its loops are regions of their own)
#pragma acc parallel
    {
      for (int i = 0; i < n; ++i)
        a[i] = 1;
    }
  }
}

// A plain loop of plain loops whose iterations depend on each other (a
// time step): the construct's sequential control, on the host, and its
// loops are loops of their own. (C++: C has no host control yet.)
void g(double *a, double *b, int n, int steps) {
#pragma acc data copy(a[0:n], b[0:n])
  {
// CHECK: plain-loops.cpp:[[@LINE+4]]:{{.*}} remark: ferry: plain loop in 'kernels' over 't' runs in order on the host, as the construct's sequential control: every iteration writes 'a' at a[i], which does not depend on the loop variable 't'; the loops in it are loops of their own
// CHECK: plain-loops.cpp:[[@LINE+4]]:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent
#pragma acc kernels
    {
      for (int t = 0; t < steps; ++t) {
        for (int i = 1; i < n - 1; ++i)
          b[i] = a[i - 1] + a[i + 1];
        for (int i = 1; i < n - 1; ++i)
          a[i] = b[i];
      }
    }
  }
}

// In C the same loops and the same sequential control; a plain nest is
// one collapsed region too.
// C: plain-loops.cpp:18:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent
// C: plain-loops.cpp:20:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over a collapse(2) nest, iterations proven independent
// C: plain-loops.cpp:27:{{.*}} remark: ferry: plain loop in 'kernels' over 'i' not parallelized
// C: plain-loops.cpp:40:{{.*}} remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent
// C: plain-loops.cpp:34:{{.*}} remark: ferry: 'kernels' (its loops are regions of their own, one launch each; the sequential control around them runs on the calling thread
// C: plain-loops.cpp:50:{{.*}} remark: ferry: plain loop in 'parallel' (as 'loop') over 'i', iterations proven independent
