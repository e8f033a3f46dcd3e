// Every reduction operator on int, long, unsigned, float and double, combined
// with the variable's original value, through the host backend.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cmath>
#include <cstdio>

template <class T> int check(const char *what, T got, T want) {
  if (got == want)
    return 0;
  std::fprintf(stderr, "%s: got %g, want %g\n", what, double(got), double(want));
  return 1;
}

template <class T> int run() {
  const int n = 1000;
  T sum = 5, prod = 1, mx = 3, mn = 200;
#pragma acc parallel loop reduction(+:sum) reduction(max:mx) reduction(min:mn)
  for (int i = 0; i < n; ++i) {
    sum += T(i % 10);
    mx = T(i % 97) > mx ? T(i % 97) : mx;
    mn = T(i % 89) < mn ? T(i % 89) : mn;
  }
#pragma acc parallel loop reduction(*:prod)
  for (int i = 0; i < 20; ++i)
    prod *= (i % 4 == 0) ? T(2) : T(1);
  return check("sum", sum, T(5 + 4500)) + check("max", mx, T(96)) +
         check("min", mn, T(0)) + check("prod", prod, T(32));
}

template <class T> int runBits() {
  T a = ~T(0), o = 0, x = 0;
  int land = 1, lor = 0;
#pragma acc parallel loop reduction(&:a) reduction(|:o) reduction(^:x) reduction(&&:land) reduction(||:lor)
  for (int i = 0; i < 64; ++i) {
    a &= T(~(T(1) << (i % 8)));
    o |= T(T(1) << (i % 8));
    x ^= T(i);
    land = land && (i < 100);
    lor = lor || (i == 63);
  }
  return check("and", a, T(~T(0xff))) + check("or", o, T(0xff)) +
         check("xor", x, T(0)) + check("land", land, 1) + check("lor", lor, 1);
}

int main() {
  int bad = run<int>() + run<long>() + run<unsigned>() + run<float>() +
            run<double>() + runBits<int>() + runBits<long long>() +
            runBits<unsigned>();
  return bad ? 1 : 0;
}
