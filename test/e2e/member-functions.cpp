// Regions in member functions (const, static, of a class template): the
// members a region needs reach it as locals; a struct captured by value
// brings its pointer, which is attached to the device copy.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

struct View {
  double *data;
  int size;
  double scale;
};

class Field {
public:
  explicit Field(int n) : values(n, 1.0), factor(3.0) {}
  void scaleBy() {
    View v{values.data(), int(values.size()), factor};
    const int n = v.size;
    double *d = v.data; // mapped here; v's copy of the pointer is attached
#pragma acc parallel loop copy(d[0:n])
    for (int i = 0; i < n; ++i)
      v.data[i] *= v.scale;
  }
  double sum() const {
    const double *p = values.data();
    const int n = int(values.size());
    double s = 0;
#pragma acc parallel loop copyin(p[0:n]) reduction(+:s)
    for (int i = 0; i < n; ++i)
      s += p[i];
    return s;
  }
  static void iota(int *p, int n) {
#pragma acc parallel loop copyout(p[0:n])
    for (int i = 0; i < n; ++i)
      p[i] = i;
  }

private:
  std::vector<double> values;
  double factor;
};

template <class T> struct Counter {
  T count(const T *p, int n, T limit) const {
    T c = 0;
#pragma acc parallel loop copyin(p[0:n]) reduction(+:c)
    for (int i = 0; i < n; ++i)
      c += p[i] < limit ? T(1) : T(0);
    return c;
  }
};

int main() {
  Field f(500);
  f.scaleBy();
  CHECK(f.sum() == 1500.0);
  std::vector<int> v(100);
  Field::iota(v.data(), 100);
  for (int i = 0; i < 100; ++i)
    CHECK(v[i] == i);
  CHECK(Counter<int>().count(v.data(), 100, 42) == 42);
  return report();
}
