// Regions in templates instantiated for float and double, in class member
// functions (using members), in lambdas, and in a second translation unit.
// Host backend. Silent on success.
// RUN: %ferry-clangxx -O2 %s %S/Inputs/second-tu.cpp -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cmath>
#include <cstdio>
#include <vector>

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    std::fprintf(stderr, "templates-members: %s\n", what);
    ++failures;
  }
}

template <class T> T norm2(const std::vector<T> &v) {
  const T *p = v.data();
  const int n = int(v.size());
  T sum = 0;
#pragma acc parallel loop copyin(p[0:n]) reduction(+:sum)
  for (int i = 0; i < n; ++i)
    sum += p[i] * p[i];
  return std::sqrt(sum);
}

class Grid {
public:
  explicit Grid(int n) : n(n), cells(n, 0) {}
  void fill(int base) {
    // Members reach the region as locals ('this' points to host memory).
    int *c = cells.data();
    const int st = stride;
#pragma acc parallel loop copy(c[0:n])
    for (int i = 0; i < n; ++i)
      c[i] = base + i * st;
  }
  int at(int i) const { return cells[i]; }

private:
  int n;
  int stride = 3;
  std::vector<int> cells;
};

long second_tu_sum(int n); // Inputs/second-tu.cpp

int main() {
  std::vector<float> f(1000, 2.0f);
  std::vector<double> d(1000, 3.0);
  expect(norm2(f) == std::sqrt(4000.0f), "template for float");
  expect(norm2(d) == std::sqrt(9000.0), "template for double");

  Grid g(100);
  g.fill(7);
  expect(g.at(0) == 7 && g.at(99) == 7 + 99 * 3, "member function with members");

  auto scale = [](std::vector<double> &v, double s) {
    double *p = v.data();
    int n = int(v.size());
#pragma acc parallel loop copy(p[0:n])
    for (int i = 0; i < n; ++i)
      p[i] *= s;
  };
  scale(d, 2.0);
  expect(d[0] == 6.0 && d[999] == 6.0, "region inside a lambda");

  expect(second_tu_sum(100) == 4950, "region in a second translation unit");
  return failures ? 1 : 0;
}
