/* saxpy with OpenACC in C: y = a*x + y on the best available device.
 *   ferry-clang -O2 saxpy.c -o saxpy && ./saxpy */
#include <math.h>
#include <openacc.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const int n = 1 << 20;
  const float a = 2.5f;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000);
    y[i] = 1.0f;
  }

#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];

  float maxError = 0.0f;
  for (int i = 0; i < n; ++i)
    maxError = fmaxf(maxError, fabsf(y[i] - (a * (float)(i % 1000) + 1.0f)));
  printf("saxpy (C): n=%d y[999]=%.1f max error %g on %s\n", n, y[999], maxError,
         acc_get_device_type() == acc_device_host ? "the host" : "a GPU");
  printf("saxpy: %s\n", maxError == 0.0f ? "ok" : "FAILED");
  free(x);
  free(y);
  return maxError == 0.0f ? 0 : 1;
}
