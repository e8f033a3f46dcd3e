/* A C unit's feature-test macros choose what the C library declares, with
   Ferry's header before the unit's code (OpenACC sweep 12: `#define
   _GNU_SOURCE` had no effect, since the header reached glibc's <features.h>
   first through <stdint.h>; `sincos` and, under -std=c99, `clock_gettime`
   were undeclared, in files without directives too). The header's
   fixed-width types come from the compiler's macros now.
   RUN: %ferry-clang -std=c99 -O2 -Werror=implicit-function-declaration %s -o %t -lm
   RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
   RUN: %emu-gfx90a %run %t 2>&1 | %count 0
*/
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

int main(void) {
  struct timespec now;
  if (clock_gettime(CLOCK_MONOTONIC, &now) != 0)
    return printf("clock_gettime failed\n"), 1;
  double s, c;
  sincos(0.5, &s, &c);
  int64_t n = 1000;
  double sum = 0;
#pragma acc parallel loop reduction(+ : sum)
  for (int64_t i = 0; i < n; i++)
    sum += s * s + c * c;
  if (fabs(sum - 1000.0) > 1e-9)
    return printf("sum %g\n", sum), 1;
  return 0;
}
