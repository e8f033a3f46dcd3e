/* A unit preprocessed first (`-E`), then compiled from its output: that
   output holds `_OPENACC`'s code and Ferry's declarations. C and C++. */
#include <stdio.h>
int main(void) {
  double s = 0;
  int n = 1000;
#ifdef _OPENACC
#pragma acc parallel loop reduction(+ : s)
#endif
  for (int i = 0; i < n; i++)
    s += i;
  printf("%s %g\n", s == 499500 ? "PASS" : "FAIL", s);
  return s != 499500;
}
