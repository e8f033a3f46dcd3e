// Reductions on array sections at every level of a nest: a histogram of
// 8-bit pixels into a section of a global array with a run-time start and
// length, reduced at the gang, worker and vector levels of a gang/worker/
// vector nest (workers as a second block dimension), with statements of
// the worker loop adding to the section too (worker-single code); per-image
// histograms in an array of the gang's iteration reduced by its worker and
// vector loops (group memory the gang's work-items share), with 'max' on an
// element of it; and in `kernels` without `independent`, a histogram per
// row of a shared array, the row a section with a run-time start, reduced
// by a nested loop that Ferry proves independent (spread over the gang).
// Every result equals the host's; the launches show the gangs' shapes.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env FERRY_NOTIFY=1 %emu-gfx1100 %run %t 2>&1 | %FileCheck %s
// RUN: %ferry-clangxx -fplugin-arg-ferry-remarks -Rpass-missed=ferry -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefix=REMARK
#include "Inputs/check.h"

#include <cstdlib>

constexpr int NI = 5, NJ = 9, NK = 70; // images, rows, pixels per row
#define NB 12 // bins: a constant length, the room of a nested loop's copies

static unsigned char img[NI][NJ][NK];
static int hist[2 + NB + 3]; // bins at [lo, lo + nb), guards around them

static int bin(unsigned char p, int nb) { return p * nb / 256; }

/// The histogram of every pixel into hist[lo:nb], at three levels, plus
/// one count per row from the worker loop's own code (into bin 0).
static void shared_histogram(int lo, int nb, int nw) {
  for (int k = 0; k < 2 + NB + 3; ++k)
    hist[k] = -1;
// CHECK: reduce_section_nests_cpp_[[#@LINE+1]]_parallel_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 32x[[#]]x1
#pragma acc parallel loop gang num_workers(nw) copyin(img) reduction(+:hist[lo:nb])
  for (int i = 0; i < NI; ++i) {
#pragma acc loop worker reduction(+:hist[lo:nb])
    for (int j = 0; j < NJ; ++j) {
      hist[lo] += 1; // worker-single: once per row
#pragma acc loop vector reduction(+:hist[lo:nb])
      for (int k = 0; k < NK; ++k)
        hist[lo + bin(img[i][j][k], nb)] += 1;
    }
  }
  int want[2 + NB + 3];
  for (int k = 0; k < 2 + NB + 3; ++k)
    want[k] = -1;
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j) {
      want[lo] += 1;
      for (int k = 0; k < NK; ++k)
        want[lo + bin(img[i][j][k], nb)] += 1;
    }
  for (int k = 0; k < 2 + NB + 3; ++k)
    CHECK(hist[k] == want[k]);
}

/// A histogram per image in an array of the gang's iteration, its worker
/// and vector loops reducing into a section of it (three levels without
/// level clauses: gang, worker, vector); the brightest pixel of each image
/// with 'max' on an element.
static void per_image(int nw) {
  static int counts[NI][8], brightest[NI];
  // CHECK: reduce_section_nests_cpp_[[#@LINE+1]]_parallel_loop_{{.*}}: grid 5x1x1 block 32x4x1
#pragma acc parallel loop num_workers(nw) copyin(img) copyout(counts, brightest)
  for (int i = 0; i < NI; ++i) {
    int h[10] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0}; // h[1..8] are the bins
    int top[3] = {0, -1, 0};                     // top[1]: the brightest
#pragma acc loop reduction(+:h[1:8]) reduction(max:top[1])
    for (int j = 0; j < NJ; ++j) {
#pragma acc loop reduction(+:h[1:8]) reduction(max:top[1])
      for (int k = 0; k < NK; ++k) {
        h[1 + img[i][j][k] / 32] += 1;
        top[1] = img[i][j][k] > top[1] ? img[i][j][k] : top[1];
      }
    }
    for (int b = 0; b < 8; ++b)
      counts[i][b] = h[b + 1] + 100 * (h[0] + h[9]); // the guards stay 0
    brightest[i] = top[1] + 1000 * (top[0] + top[2]);
  }
  for (int i = 0; i < NI; ++i) {
    int want[8] = {0, 0, 0, 0, 0, 0, 0, 0}, top = -1;
    for (int j = 0; j < NJ; ++j)
      for (int k = 0; k < NK; ++k) {
        want[img[i][j][k] / 32] += 1;
        top = img[i][j][k] > top ? img[i][j][k] : top;
      }
    for (int b = 0; b < 8; ++b)
      CHECK(counts[i][b] == want[b]);
    CHECK(brightest[i] == top);
  }
}

/// In `kernels`: a histogram of each row of x into its row of h, the row a
/// section h[i * NB : NB] (h shared, in a data clause), by a nested loop
/// that Ferry proves independent; the rows' loop is independent.
static void kernels_rows(int n, int m) {
  unsigned char *x = static_cast<unsigned char *>(std::malloc(size_t(n) * m));
  long *h = static_cast<long *>(std::malloc(sizeof(long) * n * NB));
  for (int t = 0; t < n * m; ++t)
    x[t] = (unsigned char)((t * 37 + t / 7) % 251);
  for (int t = 0; t < n * NB; ++t)
    h[t] = 3;
#pragma acc kernels copyin(x[0:n * m]) copy(h[0:n * NB])
  {
// CHECK: reduce_section_nests_cpp_[[#@LINE+1]]_loop_{{.*}}: grid {{[0-9]+}}x1x1 block 32x{{[0-9]}}x1
#pragma acc loop independent
    for (int i = 0; i < n; ++i) {
// REMARK: reduce-section-nests.cpp:[[#@LINE+1]]:{{.*}} 'loop' over 'j' nested in a region's iteration: spread over the work-items of the gang running that iteration (vector level); reductions combined over the gang's work-items: +:h; iterations proven independent
#pragma acc loop reduction(+:h[i * NB:NB])
      for (int j = 0; j < m; ++j)
        h[i * NB + x[i * m + j] * NB / 256] += 2; // no call: the test reads it
    }
  }
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    long want[NB];
    for (int b = 0; b < NB; ++b)
      want[b] = 3;
    for (int j = 0; j < m; ++j)
      want[bin(x[i * m + j], NB)] += 2;
    for (int b = 0; b < NB; ++b)
      bad += h[i * NB + b] != want[b];
  }
  CHECK(bad == 0);
  std::free(x);
  std::free(h);
}

int main(int argc, char **) {
  for (int i = 0; i < NI; ++i)
    for (int j = 0; j < NJ; ++j)
      for (int k = 0; k < NK; ++k)
        img[i][j][k] = (unsigned char)((i * 97 + j * 31 + k * 13 + (k * k) % 11) % 256);
  shared_histogram(2, NB - 1 + argc, 3); // a run-time start and length
  shared_histogram(0, NB, 1);
  per_image(3 + argc);
  kernels_rows(41, 90 + argc);
  return report();
}
