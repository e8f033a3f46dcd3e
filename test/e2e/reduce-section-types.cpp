// Reductions on array sections with every operator and type that scalar
// reductions support: + * max min on short, unsigned char, long, int,
// unsigned, long long, unsigned long long, float and double; & | ^ on the
// integer types; && || on int and bool.
// Each is a histogram over a section that starts at 1 with a run-time length,
// whose elements start from a value of their own and end with that value
// combined with the loop's; the elements around the section are untouched.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

/// The value iteration i contributes to bin i % len.
template <class T> T value(int i) { return T(i % 7 + 1); }
template <> bool value<bool>(int i) { return i % 13 != 0; }

#define SECTION_TEST(NAME, PRAGMA, UPDATE)                                                        \
  template <class T> void NAME(int n, int len, T start) {                                   \
    T a[8], want[8];                                                                        \
    for (int k = 0; k < 8; ++k)                                                             \
      a[k] = want[k] = T(start + T(k % 2));                                                 \
    for (int i = 0; i < n; ++i) {                                                           \
      T &x = want[1 + i % len];                                                             \
      const T v = value<T>(i);                                                              \
      UPDATE;                                                                               \
    }                                                                                       \
    _Pragma(PRAGMA)                                                                         \
    for (int i = 0; i < n; ++i) {                                                           \
      T &x = a[1 + i % len];                                                                \
      const T v = value<T>(i);                                                              \
      UPDATE;                                                                               \
    }                                                                                       \
    for (int k = 0; k < 8; ++k)                                                             \
      if (!(a[k] == want[k])) {                                                             \
        std::fprintf(stderr, "%s<%s>: a[%d] = %g, expected %g\n", #NAME, typeid_name<T>(), \
                     k, double(a[k]), double(want[k]));                                     \
        ++failures;                                                                         \
      }                                                                                     \
  }

template <class T> const char *typeid_name();
#define NAME_OF(T)                                                                          \
  template <> const char *typeid_name<T>() { return #T; }
NAME_OF(short)
NAME_OF(unsigned char)
NAME_OF(long)
NAME_OF(int)
NAME_OF(unsigned)
NAME_OF(long long)
NAME_OF(unsigned long long)
NAME_OF(float)
NAME_OF(double)
NAME_OF(bool)

SECTION_TEST(sum, "acc parallel loop reduction(+:a[1:len])", x += v)
SECTION_TEST(product, "acc parallel loop reduction(*:a[1:len])", x *= (i % 97 == 0 ? T(2) : T(1)))
SECTION_TEST(maximum, "acc parallel loop reduction(max:a[1:len])", x = v * T(i % 5) > x ? v * T(i % 5) : x)
SECTION_TEST(minimum, "acc parallel loop reduction(min:a[1:len])", x = v < x ? v : x)
SECTION_TEST(bit_and, "acc parallel loop reduction(&:a[1:len])", x &= ~(T(1) << (i % 5)))
SECTION_TEST(bit_or, "acc parallel loop reduction(|:a[1:len])", x |= T(1) << (i % 9))
SECTION_TEST(bit_xor, "acc parallel loop reduction(^:a[1:len])", x ^= T(i))
SECTION_TEST(logical_and, "acc parallel loop reduction(&&:a[1:len])", x = x && v)
SECTION_TEST(logical_or, "acc parallel loop reduction(||:a[1:len])", x = x || !v)

template <class T> void arithmetic(int n, int len) {
  sum<T>(n, len, T(3));
  product<T>(n, len, T(1));
  maximum<T>(n, len, T(2));
  minimum<T>(n, len, T(5));
}

template <class T> void integral(int n, int len) {
  arithmetic<T>(n, len);
  bit_and<T>(n, len, T(~T(0)));
  bit_or<T>(n, len, T(0));
  bit_xor<T>(n, len, T(5));
}

int main(int argc, char **) {
  const int n = 3000 + argc, len = 5 + argc;
  integral<short>(n, len);
  integral<unsigned char>(n, len);
  integral<long>(n, len);
  integral<int>(n, len);
  integral<unsigned>(n, len);
  integral<long long>(n, len);
  integral<unsigned long long>(n, len);
  arithmetic<float>(n, len);
  arithmetic<double>(n, len);
  logical_and<int>(n, len, 1);
  logical_or<int>(n, len, 0);
  logical_and<bool>(n, len, true);
  logical_or<bool>(n, len, false);
  return report();
}
