// Directives written with `_Pragma`, in the source or from macros (as
// portability layers write them), are read ahead like '#pragma acc' lines:
// a `parallel` whose statement holds `loop` constructs written so, or that
// comes from such a macro itself, runs its loops as regions of their own
// (it ran as one region of one work-item before). A macro the scanner cannot
// read (one that pastes tokens, or expands to two directives) still makes
// its construct one region, and the remark says why. A combined construct
// from a macro is a loop of its own.
// RUN: %ferry-clang -fsyntax-only -fplugin-arg-ferry-remarks %s 2>&1 | %FileCheck %s
#define PRAGMA(...) _Pragma(#__VA_ARGS__)
#define ACC(...) PRAGMA(acc __VA_ARGS__)
#define ACC_LOOP _Pragma("acc loop independent")
#define OFFLOAD(...) PRAGMA(acc parallel __VA_ARGS__) PRAGMA(acc loop independent)
#define OFFLOAD_LOOP(...) PRAGMA(acc parallel loop __VA_ARGS__)
#define PASTED(k) PRAGMA(acc lo##k)

void scale(float *restrict g, const float *restrict f, int n) {
// CHECK: pragma-operator-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel' as one region of one work-item (its statement comes from a macro or holds a _Pragma directive, which Ferry cannot read ahead to find its loops: write a combined construct ('parallel loop') or '#pragma acc' directives; its loops run in order inside)
  OFFLOAD(copyin(f[0:n]) copyout(g[0:n]))
  for (int i = 0; i < n; i++)
    g[i] = 2.0f * f[i];
// CHECK: pragma-operator-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel' (its loops are regions of their own)
#pragma acc parallel copyin(f[0:n]) copyout(g[0:n])
  {
    _Pragma("acc loop independent")
    for (int i = 0; i < n; i++)
      g[i] = 2.0f * f[i];
  }
// CHECK: pragma-operator-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel loop' over 'i'{{.*}}: runs on the selected device
  OFFLOAD_LOOP(copyin(f[0:n]) copyout(g[0:n]))
  for (int i = 0; i < n; i++)
    g[i] = 2.0f * f[i];
// CHECK: pragma-operator-remarks.c:[[#@LINE+6]]:{{[0-9]+}}: remark: ferry: 'loop' over 'j' is the whole body of the loop over 'i'
// CHECK: pragma-operator-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel' (its loops are regions of their own)
  ACC(parallel copyin(f[0:n]) copyout(g[0:n]))
  {
    ACC(loop gang)
    for (int i = 0; i < n / 8; i++) {
      ACC(loop vector)
      for (int j = 0; j < 8; j++)
        g[i * 8 + j] = f[i * 8 + j];
    }
    ACC_LOOP
    for (int i = 0; i < n; i++)
      g[i] += 1.0f;
  }
// CHECK: pragma-operator-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel' as one region of one work-item (its statement comes from a macro or holds a _Pragma directive
  _Pragma("acc parallel copyin(f[0:n]) copyout(g[0:n])")
  {
    PASTED(op)
    for (int i = 0; i < n; i++)
      g[i] = 2.0f * f[i];
  }
}

// `kernels` takes the plain loops beside a `loop` written with a macro.
void kernels(float *restrict g, int n) {
// CHECK: pragma-operator-remarks.c:[[#@LINE+4]]:{{[0-9]+}}: remark: ferry: plain loop in 'kernels' (as 'loop') over 'i'
// CHECK: pragma-operator-remarks.c:[[#@LINE+4]]:{{[0-9]+}}: remark: ferry: 'loop' over 'i'
// CHECK: pragma-operator-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'kernels' (its loops are regions of their own)
  ACC(kernels copy(g[0:n])) {
    for (int i = 0; i < n; i++) g[i] *= 2.0f;
    ACC(loop independent) for (int i = 0; i < n; i++) g[i] += 1.0f;
  }
}
