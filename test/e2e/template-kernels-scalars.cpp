// Scalars of a dependent type (a template's T, typename V::value_type, a
// generic lambda's auto) that a kernels construct assigns are copy, as a
// float is (OpenACC 2.6.2), and Ferry finds their reductions in plain loops:
// a sum, the last value of a block, a conditional maximum, a bitwise or, a
// nest whose outer body declares `T s` (which compiles, its outer loop
// proven independent), a nest whose outer loop runs as host control, index
// variables of a template's type, the implicit section of a `T *` in no
// clause, and a generic lambda. Each is checked for
// float, double, int and long where it applies.
// RUN: %ferry-clangxx -O2 -fplugin-arg-ferry-remarks %s -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>

// REMARK: template-kernels-scalars.cpp:[[@LINE+5]]:3: remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent{{.*}}reductions: +:s;
template <typename T>
T sum(int n, const T *a) {
  T s = 0;
#pragma acc kernels copyin(a[0:n])
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

template <typename T>
int lastAndMax(int n, const T *a) {
  T last = 0;
  float fl = 0;
  T mx = -1;
#pragma acc kernels copyin(a[0:n])
  {
    last = a[n - 1];
    fl = a[n - 2];
  }
#pragma acc kernels copyin(a[0:n])
  for (int i = 0; i < n; i++)
    if (a[i] > mx)
      mx = a[i];
  return (last != T(n - 1)) + (fl != float(n - 2)) + (mx != T(n - 1));
}

template <typename T>
T bitsOr(int n, const T *a) {
  T bits = 0;
#pragma acc kernels copyin(a[0:n])
  for (int i = 0; i < n; i++)
    bits |= a[i];
  return bits;
}

// REMARK: template-kernels-scalars.cpp:[[@LINE+7]]:5: remark: ferry: 'loop' over 'j' nested in a region's iteration{{.*}}+:s
// REMARK: template-kernels-scalars.cpp:[[@LINE+4]]:3: remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent
template <typename T>
void rowSum(int n, int m, const T *A, T *y) {
#pragma acc kernels copyin(A[0:n*m]) copyout(y[0:n])
  for (int i = 0; i < n; i++) {
    T s = 0;
    for (int j = 0; j < m; j++)
      s += A[i * m + j];
    y[i] = s;
  }
}

// The outer loop reads y[0], which another iteration writes: it runs on
// the host, and `T s`, declared in its body, is the regions' in it.
// REMARK: template-kernels-scalars.cpp:[[@LINE+4]]:3: remark: ferry: plain loop in 'kernels' over 'i' runs in order on the host, as the construct's sequential control
template <typename T>
void rowMaxInOrder(int n, int m, const T *A, T *y) {
#pragma acc kernels copyin(A[0:n*m]) copy(y[0:n])
  for (int i = 0; i < n; i++) {
    T s = 0;
    for (int j = 0; j < m; j++)
      if (A[i * m + j] > s)
        s = A[i * m + j];
    y[i] = s;
    s = y[0];
  }
}

template <typename I>
void scaleRows(I n, I m, const double *A, double *B) {
#pragma acc kernels copyin(A[0:n*m]) copyout(B[0:n*m])
  for (I i = 0; i < n; i++)
    for (I j = 0; j < m; j++)
      B[i * m + j] = 2 * A[i * m + j];
}

// No clause: `T *a` gets the section its loop's bounds give, as a `float *`
// does (here with a bound of the template's index type too).
// REMARK: template-kernels-scalars.cpp:[[@LINE+5]]:{{[0-9]+}}: remark: ferry: 'a' is in no data clause: the region writes a[0:n] (its loops' bounds), mapped as an implicit copy
template <typename T, typename I>
void scaleInPlace(I n, T *a) {
#pragma acc kernels
  for (I i = 0; i < n; i++)
    a[i] = 2 * a[i];
}

struct Doubles {
  using value_type = double;
};

template <typename V>
typename V::value_type sumOf(int n, const typename V::value_type *a) {
  typename V::value_type s = 0;
#pragma acc kernels copyin(a[0:n])
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

template <typename T>
int check(int n) {
  int err = 0;
  T a[64];
  for (int k = 0; k < n; k++)
    a[k] = k;
  T expected = T(n) * T(n - 1) / 2;
  if (sum(n, a) != expected) {
    printf("sum: %g (expected %g)\n", double(sum(n, a)), double(expected));
    ++err;
  }
  if (int bad = lastAndMax(n, a)) {
    printf("last, max: %d wrong\n", bad);
    ++err;
  }
  const int rows = 4, cols = n / 4;
  T y[4];
  rowSum(rows, cols, a, y);
  for (int r = 0; r < rows; r++) {
    T want = 0;
    for (int c = 0; c < cols; c++)
      want += a[r * cols + c];
    if (y[r] != want) {
      printf("rowSum %d: %g (expected %g)\n", r, double(y[r]), double(want));
      ++err;
    }
  }
  rowMaxInOrder(rows, cols, a, y);
  for (int r = 0; r < rows; r++)
    if (y[r] != a[r * cols + cols - 1]) {
      printf("rowMaxInOrder %d: %g\n", r, double(y[r]));
      ++err;
    }
  return err;
}

int main() {
  int err = check<float>(64) + check<double>(40) + check<int>(64) + check<long>(8);
  unsigned bits[5] = {1, 4, 16, 64, 1};
  if (bitsOr(5, bits) != 85u) {
    printf("bitsOr: %u (expected 85)\n", bitsOr(5, bits));
    ++err;
  }
  double A[6 * 5], B[6 * 5];
  for (int k = 0; k < 30; k++)
    A[k] = k;
  scaleRows<long>(6, 5, A, B);
  scaleRows<unsigned>(6, 5, A, B);
  for (int k = 0; k < 30; k++)
    if (B[k] != 2 * k) {
      printf("scaleRows %d: %g\n", k, B[k]);
      ++err;
    }
  float f[12];
  for (int k = 0; k < 12; k++)
    f[k] = k;
  scaleInPlace(12, f);
  scaleInPlace(12L, f);
  for (int k = 0; k < 12; k++)
    if (f[k] != 4 * k) {
      printf("scaleInPlace %d: %g\n", k, f[k]);
      ++err;
    }
  double d[10];
  for (int k = 0; k < 10; k++)
    d[k] = 0.5 * k;
  if (sumOf<Doubles>(10, d) != 22.5) {
    printf("sumOf: %g (expected 22.5)\n", sumOf<Doubles>(10, d));
    ++err;
  }
  // REMARK: template-kernels-scalars.cpp:[[@LINE+5]]:5: remark: ferry: plain loop in 'kernels' (as 'loop') over 'i', iterations proven independent{{.*}}reductions: +:s;
  auto total = [](const auto *x, int n) {
    auto s = x[0] * 0;
    auto last = x[0];
#pragma acc kernels copyin(x[0:n])
    for (int i = 0; i < n; i++)
      s += x[i];
#pragma acc kernels copyin(x[0:n])
    last = x[n - 1];
    return s + last;
  };
  if (total(d, 10) != 22.5 + 4.5 || total(bits, 5) != 86u + 1u) {
    printf("generic lambda: %g %u\n", total(d, 10), total(bits, 5));
    ++err;
  }
  return err;
}
