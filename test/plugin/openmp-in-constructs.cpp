// OpenMP directives with clauses inside OpenACC constructs (-fopenmp): a
// thread per GPU sharing the iterations of a loop inside a `data`
// construct (NVIDIA's OpenACC course, multithreaded multi-GPU Mandelbrot),
// `simd` in a region, a standalone `barrier` ending a block. The
// statement lexer takes an OpenMP directive's tokens up to its end, then
// the statement it applies to; before, `schedule(static, 1)` made it lose
// track and report the function's `return` as "inside an OpenACC compute
// region".
// RUN: %ferry-clangxx -fopenmp -fsyntax-only %s 2>&1 | %count 0
// RUN: %ferry-clang -x c -fopenmp -fsyntax-only %s 2>&1 | %count 0

int work(int *a, int n) {
#pragma omp parallel
  {
#pragma acc data copy(a[0:n])
    {
#pragma omp for schedule(static, 1) nowait
      for (int b = 0; b < 4; b++) {
#pragma acc parallel loop present(a[0:n])
        for (int i = b * n / 4; i < (b + 1) * n / 4; i++)
          a[i] = i;
      }
#pragma omp barrier
    }
  }
#pragma acc data copy(a[0:n])
  {
#pragma omp parallel for num_threads(2) if (n > 1)
    for (int i = 0; i < n; i++)
      a[i] += 1;
  }
  return a[n - 1];
}
