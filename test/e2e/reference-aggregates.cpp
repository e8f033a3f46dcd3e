// Aggregates reached through C++ references, in no clause: the region uses
// the object the reference names, OpenACC's variable (present_or_copy), and
// its changes are the program's. Before, a struct through a reference kept
// the closure's copy: `void integrate(Water &w)` with `parallel loop` over
// `w.e[i][j] -= ...` never changed the water (a shallow-water course
// assignment), on every device. A struct (alone, and present in a `data
// copy` around the call), an array reference, a std::array, a struct
// through a template's `T &`, and a reference only read (a copy). Scalars
// reached through references in `kernels`: the scalar named, assigned
// (`copy`) or summed (a reduction Ferry finds), as a local one is (they
// stayed the closure's copies: 0 where 8 was right).
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a env FERRY_EMU_RACES=1 %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <array>

struct Water {
  float e[8][8];
  int steps;
};

void step(Water &w) {
#pragma acc parallel loop
  for (int i = 0; i < 8; ++i)
    w.e[i][i] += 1.0f;
}

void step_kernels(Water &w) {
#pragma acc kernels
  for (int i = 0; i < 8; ++i)
    w.e[i][7 - i] += 2.0f;
}

void bump(float (&a)[8]) {
#pragma acc parallel loop
  for (int i = 0; i < 8; ++i)
    a[i] += 1.0f;
}

void bump_std(std::array<float, 8> &a) {
#pragma acc parallel loop
  for (int i = 0; i < 8; ++i)
    a[i] += float(i);
}

template <class T> void bump_template(T &p) {
#pragma acc parallel loop
  for (int i = 0; i < 8; ++i)
    p.e[0][i] += 3.0f;
}

void sum_kernels(float &s, const float *x) {
#pragma acc kernels copyin(x[0:8])
  for (int i = 0; i < 8; ++i)
    s += x[i];
}

void count_kernels(int &n, int &last) {
#pragma acc kernels
  for (int i = 0; i < 8; ++i)
    n++;
#pragma acc kernels
  last = 7;
}

float total(const Water &w, float *out) {
  // Only read: the closure's copy.
#pragma acc parallel loop copyout(out[0:8])
  for (int i = 0; i < 8; ++i)
    out[i] = w.e[i][i] + float(w.steps);
  float s = 0;
  for (int i = 0; i < 8; ++i)
    s += out[i];
  return s;
}

int main() {
  Water a{}, b{};
  b.steps = 1;
  step(a);
  step_kernels(a);
  for (int i = 0; i < 8; ++i)
    CHECK(a.e[i][i] == 1.0f && a.e[i][7 - i] == (i == 7 - i ? 3.0f : 2.0f));
#pragma acc data copy(b)
  {
    step(b); // b is present: its device copy changes, copied back at the end
    step(b);
    bump_template(b);
  }
  CHECK(b.e[3][3] == 2.0f && b.e[0][5] == 3.0f && b.e[0][0] == 5.0f && b.steps == 1);
  float h[8] = {}, out[8];
  std::array<float, 8> s{};
  bump(h);
  bump_std(s);
  for (int i = 0; i < 8; ++i)
    CHECK(h[i] == 1.0f && s[i] == float(i));
  CHECK(total(b, out) == 2.0f * 8 + 3.0f + 8);
  float sum = 1, x[8] = {1, 1, 1, 1, 1, 1, 1, 1};
  int n = 0, last = 0;
  sum_kernels(sum, x);
  count_kernels(n, last);
  CHECK(sum == 9.0f && n == 8 && last == 7);
  return report();
}
