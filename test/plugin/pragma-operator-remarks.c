// A `parallel` construct that comes from a macro (`_Pragma` in the
// expansion, as macro libraries write directives) or whose statement holds a
// `_Pragma` directive cannot be read ahead in the source: it runs as one
// region of one work-item, and its remark says that and why (it blamed
// "statements outside its loops" before, which the construct does not
// have). A combined construct from a macro is a loop of its own.
// RUN: %ferry-clang -fsyntax-only -fplugin-arg-ferry-remarks %s 2>&1 | %FileCheck %s
#define PRAGMA(...) _Pragma(#__VA_ARGS__)
#define OFFLOAD(...) PRAGMA(acc parallel __VA_ARGS__) PRAGMA(acc loop independent)
#define OFFLOAD_LOOP(...) PRAGMA(acc parallel loop __VA_ARGS__)

void scale(float *restrict g, const float *restrict f, int n) {
// CHECK: pragma-operator-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel' as one region of one work-item (its statement comes from a macro or holds a _Pragma directive, which Ferry cannot read ahead to find its loops: write a combined construct ('parallel loop') or '#pragma acc' directives; its loops run in order inside)
  OFFLOAD(copyin(f[0:n]) copyout(g[0:n]))
  for (int i = 0; i < n; i++)
    g[i] = 2.0f * f[i];
// CHECK: pragma-operator-remarks.c:[[#@LINE+1]]:{{[0-9]+}}: remark: ferry: 'parallel' as one region of one work-item (its statement comes from a macro or holds a _Pragma directive
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
}
