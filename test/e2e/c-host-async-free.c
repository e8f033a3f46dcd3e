/* A function that launches an async region on a temporary it creates and
   frees the temporary before the program's `wait` (valid OpenACC: the
   region uses the device copy, whose release the region's end queues). On
   the host device the region used the program's own array on the queue's
   worker thread and read it after the free (OpenACC sweep 10 F13: a
   crash); host regions run on the calling thread now, after their queue's
   earlier work, as GCC's host fallback and NVHPC's multicore target run
   them. The temporary is large enough for malloc to unmap it at the free.
   RUN: %ferry-clang -std=c11 -O2 %s -o %t
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
*/
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 17)

static void step(double *out, int n, int k) {
  double *tmp = malloc(n * sizeof *tmp);
#pragma acc parallel loop async(1) create(tmp[0:n]) present(out[0:n])
  for (int i = 0; i < n; ++i) {
    double t = 0;
    for (int j = 0; j < 16; ++j)
      t += (i % 7) * 0.25 + j;
    tmp[i] = t;
    out[i] += tmp[i] * k;
  }
  free(tmp);
}

int main(void) {
  double *out = calloc(N, sizeof *out);
#pragma acc enter data copyin(out[0:N])
  for (int k = 1; k <= 4; ++k)
    step(out, N, k);
#pragma acc wait(1)
#pragma acc exit data copyout(out[0:N])
  int bad = 0;
  for (int i = 0; i < N; ++i)
    bad += out[i] != ((i % 7) * 4.0 + 120) * 10;
  if (bad)
    printf("%d wrong\n", bad);
  free(out);
  return bad != 0;
}
