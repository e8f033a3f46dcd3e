// OpenACC 2.9.2-2.9.4: a gang loop holds no gang loop, a worker loop no
// gang or worker loop, a vector loop no loop with a level clause (GCC and
// NVHPC refuse such nests; the OpenUH benchmarks' jacobi and laplacian
// have them). Ferry warns, naming both levels, and schedules the nest
// itself. Nests in the order gang, worker, vector and `seq` loops inside
// any level are quiet. The same in C and C++.
// RUN: %ferry-clang -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %ferry-clangxx -x c++ -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning:

void nests(float (*a)[64], int n) {
#pragma acc kernels copy(a[0:64][0:64])
  {
#pragma acc loop independent gang(16) vector(2)
    for (int j = 0; j < 64; j++)
// CHECK: level-nesting.c:[[#@LINE+1]]:13: warning: a loop with 'gang' inside a loop with 'vector': OpenACC does not allow it (a loop's level is below the levels of the loops around it: no 'gang' loop in a 'gang' loop but of a lower 'dim:', no 'gang' or 'worker' loop in a 'worker' loop, no level clause in a 'vector' loop); Ferry schedules the nest itself, other compilers refuse it (remove 'gang' from the inner loop)
#pragma acc loop independent gang(4) vector(32)
      for (int i = 0; i < 64; i++)
        a[j][i] = i + j;
  }
#pragma acc parallel loop gang copy(a[0:64][0:64])
  for (int j = 0; j < 64; j++)
// CHECK: level-nesting.c:[[#@LINE+1]]:13: warning: a loop with 'gang' inside a loop with 'gang'
#pragma acc loop gang
    for (int i = 0; i < 64; i++)
      a[j][i] += 1;
#pragma acc parallel loop gang worker copy(a[0:64][0:64])
  for (int j = 0; j < 64; j++)
// CHECK: level-nesting.c:[[#@LINE+1]]:13: warning: a loop with 'worker' inside a loop with 'worker'
#pragma acc loop worker
    for (int i = 0; i < 64; i++)
      a[j][i] += 1;
#pragma acc parallel loop vector copy(a[0:64][0:64])
  for (int j = 0; j < 64; j++)
// CHECK: level-nesting.c:[[#@LINE+1]]:13: warning: a loop with 'vector' inside a loop with 'vector'
#pragma acc loop vector
    for (int i = 0; i < 64; i++)
      a[j][i] += 1;
  // Gangs of several dimensions, the inner of a lower one: quiet.
#pragma acc parallel loop num_gangs(4, 4) gang(dim:2) copy(a[0:64][0:64])
  for (int j = 0; j < 64; j++)
#pragma acc loop gang(dim:1)
    for (int i = 0; i < 64; i++)
      a[j][i] += 1;
  // In order: quiet.
#pragma acc parallel loop gang copy(a[0:64][0:64])
  for (int j = 0; j < 64; j++) {
#pragma acc loop worker
    for (int i = 0; i < 8; i++)
#pragma acc loop vector
      for (int k = 0; k < 8; k++)
        a[j][8 * i + k] += 1;
#pragma acc loop seq
    for (int i = 0; i < n; i++)
      a[j][0] += 1;
  }
}
