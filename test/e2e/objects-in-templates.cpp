// Objects whose type only a template's instantiation knows (`const vec<T> &`,
// `Mesh<V> &`, `C &`, a generic lambda's `auto &`), in no data clause: a
// region uses those of classes that are not trivially copyable in place (on
// GPUs through their device copy: present, or OpenACC's implicit `copy` of
// the object's own bytes), as it does objects of known types
// (objects-in-place.cpp), and copies the others (a scalar `T` stays
// firstprivate). Before, every such object was copied into the region: a
// `const vec<T> &` of a class with a deleted copy constructor did not
// compile, one with a destructor that frees ran it for each chunk (a double
// free on the host), and a Mesh<V> with std::vector members stopped "not
// present" on GPUs.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <cstddef>
#include <vector>

// Puts itself and its array on the device, removes both when destroyed.
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

// `scale` is a scalar of the template's type: firstprivate, its region's
// change is not the caller's.
template <typename T> T total(const vec<T> &x, int n, T scale) {
  T s = 0;
#pragma acc parallel loop reduction(+:s)
  for (int i = 0; i < n; ++i) {
    s += scale * x[i];
    if (i == n - 1)
      scale = 0;
  }
  return s + scale;
}

template <typename V> struct Mesh {
  size_t width, height;
  std::vector<V> field, next;
};

template <typename V> void step(Mesh<V> &m) {
  const size_t N = m.field.size();
  const V *f = m.field.data();
  V *g = m.next.data();
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

// The object's implicit copy brings the region's change back.
template <typename C> void fill(C &c, double *out) {
#pragma acc parallel loop copyout(out[0:64])
  for (int i = 0; i < 64; i++) {
    out[i] = c.scale * i;
    if (i == 5)
      c.set = 7;
  }
}

// A trivially copyable struct of the template's type: a copy whose pointer
// is translated at launch, as for a struct of a known type.
template <typename P> struct View {
  P *data;
  int n;
};

template <typename W> void twice(W w) {
#pragma acc parallel loop copy(w.data[0:w.n])
  for (int i = 0; i < w.n; i++)
    w.data[i] *= 2;
}

// A construct with sequential control around its loops (host control).
template <typename C> double controlled(C &c, double *out, int n) {
#pragma acc parallel copyout(out[0:n])
  {
    for (int step = 0; step < 2; step++) {
#pragma acc loop
      for (int i = 0; i < n; i++)
        out[i] = c.scale * i + step;
    }
  }
  return out[n - 1];
}

int main() {
  {
    vec<float> x(100);
    CHECK(total(x, 100, 2.0f) == 202);
    CHECK(x.a != nullptr);
  }
  Mesh<double> m{20, 10, std::vector<double>(200, 0.0), std::vector<double>(200, 0.0)};
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
    fill(c, out);
    CHECK(destroyed == 0);
    CHECK(c.set == 7);
    for (int i = 0; i < 64; i++)
      CHECK(out[i] == 2.0 * i);
    CHECK(controlled(c, out, 64) == 127);
    CHECK(destroyed == 0);
  }
  CHECK(destroyed == 1);
  int data[16];
  for (int i = 0; i < 16; i++)
    data[i] = i;
  twice(View<int>{data, 16});
  for (int i = 0; i < 16; i++)
    CHECK(data[i] == 2 * i);
  auto sum = [](auto &obj, int n) {
    double t = 0;
#pragma acc parallel loop reduction(+:t)
    for (int i = 0; i < n; i++)
      t += obj.scale;
    return t;
  };
  {
    Counted c;
    CHECK(sum(c, 10) == 20);
  }
  CHECK(destroyed == 2);
  return report();
}
