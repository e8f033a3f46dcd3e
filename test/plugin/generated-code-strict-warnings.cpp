// The code Ferry writes for a directive draws none of the program's
// warnings (OpenACC sweep 14 F6: projects built with -Wshadow,
// -Wold-style-cast or -Wall and -Werror could not be built): its tokens are
// spelled in a buffer clang counts as a system header (TokenBuilder.h), the
// captures of variables an enclosing data construct names but the region
// does not use are used once, and init-captures of structured bindings are
// Ferry's declarations. The program's own warnings in a region still show,
// at its own lines.
// RUN: %ferry-clangxx -std=c++17 -fsyntax-only -Wall -Wextra -Wshadow -Wold-style-cast -Werror %s
// RUN: %not %ferry-clangxx -std=c++17 -fsyntax-only -Wall -Wextra -Wshadow -Wold-style-cast -Werror -DOWN %s 2>&1 | %FileCheck %s --implicit-check-not=error:
#include <utility>

static double scale = 2;

double sum(const double *a, int n) {
  double s = 0;
#pragma acc parallel loop reduction(+:s) copyin(a[0:n])
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

int main() {
  const int n = 100;
  double a[n];
  float f[n];
  double s = 0;
  for (int i = 0; i < n; i++)
    a[i] = i;
  std::pair<int, int> p{n, 2};
  auto [m, k] = p;
#pragma acc data copy(a) copyout(f)
  {
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < m; i++)
      s += a[i];
#pragma acc parallel loop firstprivate(scale)
    for (int i = 0; i < m; i++)
      f[i] = static_cast<float>(a[i] * k * scale);
#pragma acc parallel loop
    for (int i = 0; i < m; i++) {
#ifdef OWN
      // CHECK-DAG: generated-code-strict-warnings.cpp:[[@LINE+1]]:11: error: unused variable 'unused'
      int unused = 0;
      // CHECK-DAG: generated-code-strict-warnings.cpp:[[@LINE+1]]:15: error: use of old-style cast
      f[i] += (float)i;
#endif
    }
  }
  return !(sum(a, n) == s / 1 && f[5] == 20);
}
