// Objects of classes that are not trivially copyable, in no data clause,
// local or reached through a reference: regions use them in place, on a GPU
// through their device copy (present, or OpenACC's implicit `copy` of the
// object's own bytes), and never copy-construct or destroy them. Before, a
// region read through a `const vec<float> &` worked on a copy whose
// destructor ran for each chunk (a double free on the host, and on GPUs an
// image that called acc_delete_async), and an object with std::vector
// members reached through a reference was deep-copied into the closure
// (on GPUs: "not present" for the copy's storage). Also a class whose
// destructor counts in a global (refused before: "a compute region writes
// a global variable") and an object whose member a region sets.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// WARN: objects-in-place.cpp:[[#@LINE+30]]:{{[0-9]+}}: warning: 'x' is a 'vec<float>', which is not trivially copyable, and no data clause names it
#include "Inputs/check.h"

#include <cstddef>
#include <vector>

// The OpenACC Best Practices Guide's pattern: the class puts itself and its
// array on the device, attached, and removes both in its destructor.
template <typename T> struct vec {
  T *a;
  size_t n;
  explicit vec(size_t n_) : a(new T[n_]), n(n_) {
    for (size_t i = 0; i < n; i++)
      a[i] = 1;
#pragma acc enter data copyin(this, a[0:n])
  }
  vec(const vec &) = delete;
  ~vec() {
#pragma acc exit data delete(a[0:n], this)
    delete[] a;
    a = nullptr;
  }
#pragma acc routine seq
  T &operator[](size_t i) const { return a[i]; }
};

float total(const vec<float> &x, int n) {
  float s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

struct Mesh {
  size_t width, height;
  std::vector<double> field, next;
};

// Only the mesh's plain members are read in the region (no warning).
void step(Mesh &m) {
  const size_t N = m.field.size();
  const double *f = m.field.data();
  double *g = m.next.data();
#pragma acc parallel loop copyin(f[:N]) copy(g[:N])
  for (size_t i = 1; i < m.height - 1; i++)
    for (size_t j = 1; j < m.width - 1; j++)
      g[i * m.width + j] = 0.25 * (f[i * m.width + j + 1] + f[i * m.width + j - 1] +
                                   f[(i + 1) * m.width + j] + f[(i - 1) * m.width + j]);
}

int destroyed = 0;

struct Counted {
  double scale = 2;
  int set = 0;
  ~Counted() { ++destroyed; }
};

int main() {
  {
    vec<float> x(100);
    CHECK(total(x, 100) == 100);
    CHECK(x.a != nullptr);
  }
  Mesh m{20, 10, std::vector<double>(200, 0.0), std::vector<double>(200, 0.0)};
  for (size_t j = 0; j < 20; j++)
    m.field[j] = 4.0;
  step(m);
  double s = 0;
  for (double v : m.next)
    s += v;
  CHECK(s == 18);
  {
    Counted c;
    double out[64];
#pragma acc parallel loop copyout(out)
    for (int i = 0; i < 64; i++) {
      out[i] = c.scale * i;
      if (i == 5)
        c.set = 7; // the object's implicit copy brings it back
    }
    CHECK(destroyed == 0);
    CHECK(c.set == 7);
    for (int i = 0; i < 64; i++)
      CHECK(out[i] == 2.0 * i);
  }
  CHECK(destroyed == 1);
  return report();
}
