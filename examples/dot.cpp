// A dot product as a sum reduction.
//   ferry-clang++ -O2 dot.cpp -o dot && ./dot
#include <cstdio>
#include <vector>

int main() {
  const int n = 1 << 22;
  std::vector<double> xv(n), yv(n);
  for (int i = 0; i < n; ++i) {
    xv[i] = 1.0 / (1 + i % 7);
    yv[i] = double(1 + i % 7);
  }
  const double *x = xv.data(), *y = yv.data();
  double dot = 0.0;
#pragma acc parallel loop copyin(x[0:n], y[0:n]) reduction(+:dot)
  for (int i = 0; i < n; ++i)
    dot += x[i] * y[i];
  const bool ok = dot == double(n); // every product is exactly 1
  std::printf("dot: %.1f (expected %d)\ndot: %s\n", dot, n, ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
