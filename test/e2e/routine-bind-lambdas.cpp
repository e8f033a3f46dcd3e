// `routine ... bind` to and from variables that hold lambdas (OpenACC 3.3,
// 2.15.1): a function bound to a lambda declared after the directive, a
// lambda (named form, and the form before `auto NAME = ...`) bound to a
// function and to a lambda, by identifier and by string, in a namespace,
// and a target lambda the host never calls. On a device the targets run,
// on the host the originals; regions also call lambdas directly.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -O0 %s -o %t.O0 && %emu-gfx90a %run %t.O0 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>

// A function bound to a lambda that is declared after the directive and
// that the host never calls.
#pragma acc routine seq bind(plus_hundred)
double add_one(double x) { return x + 1; }
auto plus_hundred = [](double x) { return x + 100; };

// A lambda bound to a function (named form, the target declared later).
auto times_two = [](double x) { return 2 * x; };
#pragma acc routine(times_two) seq bind(times_three)
double times_three(double x) { return 3 * x; }

// A lambda bound to a lambda, the directive before the variable, by string.
#pragma acc routine seq bind("negate")
auto identity = [](double x) { return x; };
auto negate = [](double x) { return -x; };

// A lambda bound to a function with a pointer and a loop inside.
#pragma acc routine vector bind(sum_squares)
auto sum_plain = [](const double *p, int m) {
  double s = 0;
  for (int j = 0; j < m; ++j)
    s += p[j];
  return s;
};
double sum_squares(const double *p, int m) {
  double s = 0;
  for (int j = 0; j < m; ++j)
    s += p[j] * p[j];
  return s;
}

namespace ns {
#pragma acc routine seq bind(minus_ten)
inline auto minus_one = [](int k) { return k - 1; };
auto minus_ten = [](int k) { return k - 10; };
} // namespace ns

int main() {
  const bool device = acc_get_device_type() != acc_device_host;
  const int n = 1000, m = 4;
  double a[n], b[n], c[n], d[n], e[n], row[m] = {1, 2, 3, 4};
  int k[n];
#pragma acc parallel loop copyout(a, b, c, d, e, k) copyin(row)
  for (int i = 0; i < n; ++i) {
    a[i] = add_one(i);
    b[i] = times_two(i);
    c[i] = identity(i);
    d[i] = sum_plain(row, m) + i;
    e[i] = negate(i); // a target called directly runs everywhere
    k[i] = ns::minus_one(i);
  }
  for (int i = 0; i < n; ++i) {
    CHECK(a[i] == (device ? i + 100 : i + 1));
    CHECK(b[i] == (device ? 3 * i : 2 * i));
    CHECK(c[i] == (device ? -i : i));
    CHECK(d[i] == (device ? 30 + i : 10 + i));
    CHECK(e[i] == -i);
    CHECK(k[i] == (device ? i - 10 : i - 1));
  }
  return report();
}
