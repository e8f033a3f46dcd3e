// A region with 'async' runs later from a copy of its captures: a capture
// that is not trivially copyable (here a firstprivate std::string; an
// object in no clause is used in place, by reference) is a compile error
// that says what to do.
// RUN: %not %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s
// CHECK: error: static assertion failed{{.*}}an OpenACC region with 'async' runs later on a queue, from a copy of its captures
#include <string>

void f(int n, float *y) {
  std::string label = "queued";
#pragma acc parallel loop copy(y[0:n]) firstprivate(label) async(1)
  for (int i = 0; i < n; ++i)
    y[i] = float(label.size());
}
