// In `kernels`, a plain loop that writes no array (a dot product of two
// pointer parameters into a reduction) is independent: what it reads cannot
// overlap what it writes, mapped or not. It ran in order on one work-item,
// the remark saying "'rhs' is not named with a section in a data clause, so
// it may overlap the arrays the loop writes" (davidlandry93/openacc-example).
// A loop that writes an array through another pointer stays in order.
// RUN: %ferry-clang -fsyntax-only -fplugin-arg-ferry-remarks %s 2>&1 | %FileCheck %s
float dot(const float *lhs, const float *rhs, int n) {
  float out = 0.0f;
#pragma acc kernels
  {
// CHECK: kernels-read-only-loops.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent: runs
    for (int i = 0; i < n; i++)
      out += lhs[i] * rhs[i];
  }
  return out;
}

void scale(float *y, const float *x, int n) {
#pragma acc kernels
  {
// CHECK: kernels-read-only-loops.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: plain loop in 'kernels' over 'i' not parallelized: 'x' is not named with a section in a data clause, so it may overlap the arrays the loop writes
    for (int i = 0; i < n; i++)
      y[i] = 2 * x[i];
  }
}
