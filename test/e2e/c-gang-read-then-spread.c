// A gang loop's iteration reads data in its own code (every work-item of
// the gang runs it: a `loop seq` summing a row), then a loop spread over
// the gang writes that data (a `loop vector` scaling the row): a barrier
// before the spread loop. Without it, a work-item that finished the sum
// early scaled elements others were still summing (a softmax's row sums
// came out wrong on GPUs: 12.7 where 4 was right; the host was right).
// A worker loop after gang-level reads too. C and C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include <stdio.h>

#define M 4
#define N 256

int main(void) {
  static float C[M * N], D[M * N], E[M * N];
  int bad = 0;
  for (int i = 0; i < M * N; i++)
    C[i] = E[i] = 1.0f + (float)(i % 3);
#pragma acc parallel loop gang copy(C) copyout(D)
  for (int i = 0; i < M; i++) {
    float sum = 0;
#pragma acc loop seq
    for (int j = 0; j < N; j++)
      sum += C[i * N + j];
#pragma acc loop vector
    for (int j = 0; j < N; j++) {
      D[i * N + j] = C[i * N + j] / sum;
      C[i * N + j] = C[i * N + j] / sum;
    }
  }
#pragma acc parallel loop gang num_workers(4) vector_length(32) copy(E)
  for (int i = 0; i < M; i++) {
    float first = E[i * N] + E[i * N + N - 1];
#pragma acc loop worker
    for (int k = 0; k < N / 32; k++) {
#pragma acc loop vector
      for (int j = 0; j < 32; j++)
        E[i * N + k * 32 + j] = first;
    }
  }
  for (int i = 0; i < M; i++) {
    double sc = 0, sd = 0;
    for (int j = 0; j < N; j++)
      sc += C[i * N + j], sd += D[i * N + j];
    if (sc < 0.999 || sc > 1.001 || sd < 0.999 || sd > 1.001)
      printf("row %d: sums %g %g, expected 1\n", i, sc, sd), ++bad;
    const float first = (1.0f + (float)((i * N) % 3)) + (1.0f + (float)((i * N + N - 1) % 3));
    for (int j = 0; j < N; j++)
      if (E[i * N + j] != first)
        printf("E[%d][%d] = %g, expected %g\n", i, j, E[i * N + j], first), ++bad;
  }
  return bad != 0;
}
