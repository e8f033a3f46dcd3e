#include <stdlib.h>
void scale(double *restrict a, int n) {
  double *tmp = malloc(n * sizeof *tmp);
#pragma acc parallel loop copy(a[0:n]) create(tmp[0:n])
  for (int i = 0; i < n; ++i)
    a[i] = 2 * a[i];
  free(tmp);
}
