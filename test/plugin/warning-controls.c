// Ferry's warnings follow clang's -w and -Werror: clang 19's custom
// diagnostics belong to no warning group, so the plugin applies the two
// itself (before, a -Werror build passed with Ferry's warnings printed, and
// -w printed them too). Remarks and errors are unchanged.
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: %ferry-clang -fsyntax-only -w %s 2>&1 | %count 0
// RUN: not %ferry-clang -fsyntax-only -Werror %s 2>&1 | %FileCheck %s --check-prefix=ERR
// RUN: %ferry-clang -fsyntax-only -Werror -Wno-error %s 2>&1 | %FileCheck %s --check-prefix=WARN

// WARN: warning-controls.c:[[@LINE+6]]:5: warning: 's' is updated in the iterations of this 'parallel loop' but no clause names it
// WARN: 1 warning generated.
// ERR: warning-controls.c:[[@LINE+4]]:5: error: 's' is updated in the iterations of this 'parallel loop' but no clause names it
float sum(const float *a, int n, float s) {
#pragma acc parallel loop copyin(a[0:n])
  for (int i = 0; i < n; ++i)
    s += a[i];
  return s;
}
