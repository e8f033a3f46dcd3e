// The distribution gang(static: n) gives a loop, as the remark says it: chunks
// of n consecutive iterations dealt to the gangs in turn; static:* is Ferry's
// own distribution (no remark of chunks); tile takes precedence.
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck %s

void chunks(double *a, int n) {
// CHECK: gang-static-remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i', gang(static:8): chunks of that many consecutive iterations dealt to the gangs in turn (gang g runs chunks g, g+G, ...; G from num_gangs, or enough for a block's worth each)
#pragma acc parallel loop gang(static: 8) copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
// CHECK: gang-static-remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel loop' over a collapse(2) nest, gang(static:n/4): chunks
#pragma acc parallel loop collapse(2) gang(static: n / 4) copy(a[0:n * n])
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i * n + j] += 1;
// CHECK: gang-static-remarks.cpp:[[@LINE+1]]:{{.*}} 'parallel loop' over 'i': runs
#pragma acc parallel loop gang(static: *) copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}
