// The IPO project's program (CMakeLists.txt): a region of its own and one
// of the library; prints "ipo: ok" when both computed what the host does.
#include <cstdio>

void scale(double *a, int n, double f);

int main() {
  const int n = 1000;
  double a[n];
  for (int i = 0; i < n; ++i)
    a[i] = i;
  scale(a, n, 3);
  double s = 0;
#pragma acc parallel loop copyin(a[0:n]) reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += a[i];
  if (s != 3.0 * n * (n - 1) / 2) {
    std::printf("ipo: wrong sum %g\n", s);
    return 1;
  }
  std::printf("ipo: ok\n");
  return 0;
}
