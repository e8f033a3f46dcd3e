// Reductions on array sections and array elements (OpenACC 3.2+): each
// element of the section is reduced on its own, the elements outside it are
// untouched. Histograms (many iterations hitting few bins) into a section of
// a pointer with a run-time start and length, a section of a global array,
// 'max' on a section not starting at 0, an element 'a[3]', on 'parallel
// loop', 'loop' inside 'parallel', 'kernels loop', under default(none), into
// a section that a data construct maps (its device copy gets the result),
// and on a loop nested in a region's iteration (per-row bins in an array of
// the iteration, which the gang's work-items share: a section and the whole
// array).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <cstdlib>

long global_bins[12];

/// Bin k of a histogram of the n values i % nb, started at Base.
static double expected(int k, int n, int nb, double Base) {
  return Base + n / nb + (k < n % nb ? 1 : 0);
}

static void histogram_of_pointer(int n, int lo, int nb) {
  double *hist = static_cast<double *>(std::malloc(sizeof(double) * 32));
  for (int k = 0; k < 32; ++k)
    hist[k] = 100;
#pragma acc parallel loop copy(hist[0:32]) reduction(+:hist[lo:nb])
  for (int i = 0; i < n; ++i)
    hist[lo + i % nb] += 1.0;
  for (int k = 0; k < 32; ++k)
    CHECK(hist[k] == (k >= lo && k < lo + nb ? expected(k - lo, n, nb, 100) : 100));
  std::free(hist);
}

static void max_on_section(int n) {
  int a[10] = {-1, -2, -3, -4, -5, -6, -7, -8, -9, -10};
#pragma acc parallel loop reduction(max:a[2:5])
  for (int i = 0; i < n; ++i) {
    const int k = 2 + i % 5;
    a[k] = i > a[k] ? i : a[k];
  }
  int want[10] = {-1, -2, -3, -4, -5, -6, -7, -8, -9, -10};
  for (int i = 0; i < n; ++i) {
    const int k = 2 + i % 5;
    want[k] = i > want[k] ? i : want[k];
  }
  for (int k = 0; k < 10; ++k)
    CHECK(a[k] == want[k]);
}

static void element(int n) {
  long s[5] = {1, 2, 3, 4, 5};
  float m[4] = {1, 1, 1, 1};
#pragma acc parallel loop reduction(+:s[3]) reduction(*:m[1])
  for (int i = 0; i < n; ++i) {
    s[3] += i;
    if (i % 1000 == 0)
      m[1] *= 2;
  }
  CHECK(s[0] == 1 && s[1] == 2 && s[2] == 3 && s[4] == 5);
  CHECK(s[3] == 4 + long(n) * (n - 1) / 2);
  CHECK(m[0] == 1 && m[2] == 1 && m[3] == 1);
  CHECK(m[1] == float(1 << ((n + 999) / 1000)));
}

static void loop_in_parallel(int n, int nb) {
  unsigned bins[16], want[16];
  for (int k = 0; k < 16; ++k)
    bins[k] = want[k] = 7;
  for (int i = 0; i < n; ++i)
    want[4 + (i * 7) % nb] += 1;
#pragma acc parallel
  {
#pragma acc loop reduction(+:bins[4:nb])
    for (int i = 0; i < n; ++i)
      bins[4 + (i * 7) % nb] += 1;
  }
  for (int k = 0; k < 16; ++k)
    CHECK(bins[k] == want[k]);
}

static void kernels_loop(int n, int nb) {
  int lo = 2;
#pragma acc kernels loop reduction(+:global_bins[lo:nb])
  for (int i = 0; i < n; ++i)
    global_bins[lo + i % nb] += 2;
  for (int k = 0; k < 12; ++k)
    CHECK(global_bins[k] ==
          (k >= lo && k < lo + nb ? 2 * long(expected(k - lo, n, nb, 0)) : 0L));
}

static void default_none(int n, int nb) {
  double w[8] = {0};
  const int lo = 1;
#pragma acc parallel loop default(none) firstprivate(nb) reduction(min:w[lo:nb])
  for (int i = 0; i < n; ++i)
    w[lo + i % nb] = -i < w[lo + i % nb] ? -i : w[lo + i % nb];
  double want[8] = {0};
  for (int i = 0; i < n; ++i)
    want[lo + i % nb] = -i < want[lo + i % nb] ? -i : want[lo + i % nb];
  for (int k = 0; k < 8; ++k)
    CHECK(w[k] == want[k]);
}

static void present_section(int n) {
  int *h = static_cast<int *>(std::calloc(8, sizeof(int)));
#pragma acc data copy(h[0:8])
  {
#pragma acc parallel loop present(h[0:8]) reduction(+:h[2:4])
    for (int i = 0; i < n; ++i)
      h[2 + i % 4] += 1;
    // The device copy holds the result: a second region adds to it.
#pragma acc parallel loop present(h[0:8])
    for (int k = 0; k < 8; ++k)
      h[k] += 1000;
  }
  for (int k = 0; k < 8; ++k)
    CHECK(h[k] == 1000 + (k >= 2 && k < 6 ? int(expected(k - 2, n, 4, 0)) : 0));
  std::free(h);
}

static void nested_rows(int rows, int cols) {
  int *counts = static_cast<int *>(std::calloc(size_t(rows) * 4, sizeof(int)));
#pragma acc parallel loop gang copyout(counts[0:rows * 4])
  for (int r = 0; r < rows; ++r) {
    int bin[4] = {0, 0, 0, 0};
#pragma acc loop vector reduction(+:bin[0:4])
    for (int c = 0; c < cols; ++c)
      bin[(c + r) % 4] += 1;
    for (int k = 0; k < 4; ++k)
      counts[r * 4 + k] = bin[k];
  }
  // The same with the whole array: each lane of the gang ends with the
  // result in the gang's one copy of 'bin' (group memory).
  int *whole = static_cast<int *>(std::calloc(size_t(rows) * 4, sizeof(int)));
#pragma acc parallel loop gang copyout(whole[0:rows * 4])
  for (int r = 0; r < rows; ++r) {
    int bin[4] = {1, 1, 1, 1};
#pragma acc loop vector reduction(+:bin)
    for (int c = 0; c < cols; ++c)
      bin[(c + r) % 4] += 1;
    for (int k = 0; k < 4; ++k)
      whole[r * 4 + k] = bin[k] - 1;
  }
  int bad = 0;
  for (int r = 0; r < rows; ++r) {
    int want[4] = {0, 0, 0, 0};
    for (int c = 0; c < cols; ++c)
      want[(c + r) % 4] += 1;
    for (int k = 0; k < 4; ++k)
      bad += (counts[r * 4 + k] != want[k]) + (whole[r * 4 + k] != want[k]);
  }
  CHECK(bad == 0);
  std::free(counts);
  std::free(whole);
}

int main(int argc, char **) {
  const int n = 20000 + argc; // run-time sizes
  histogram_of_pointer(n, 5, 6 + argc);
  histogram_of_pointer(n, 0, 32);
  max_on_section(n);
  element(n);
  loop_in_parallel(n, 9 + argc);
  kernels_loop(n, 7);
  default_none(n, 5);
  present_section(n);
  nested_rows(37, 203);
  return report();
}
