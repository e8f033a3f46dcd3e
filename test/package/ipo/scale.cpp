// A region in a static library of the IPO project (CMakeLists.txt).
void scale(double *a, int n, double f) {
#pragma acc parallel loop copy(a[0:n])
  for (int i = 0; i < n; ++i)
    a[i] *= f;
}
