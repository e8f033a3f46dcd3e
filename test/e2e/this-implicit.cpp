// Members through `this` in regions whose clauses do not name the object
// (C++). A combined construct (`parallel loop`) whose loop uses members
// gets an implicit `copy(this)` (NVHPC's `copy(this[:1])`; `copyin` in a
// const member function): present where the class entered itself, else
// copied in and out, also for members declared after the member function
// in its class, member functions the loop calls, an out-of-line member
// function and a class template. A class that enters itself and its arrays
// in its constructor (the OpenACC Best Practices Guide's pattern) runs
// member functions with no clause or `default(present)`. `parallel` with a
// `loop` inside gets the implicit copy too; a construct with statements the
// host runs (a time loop around its loops) uses the object where the device
// has it: where it is not present on a device that does not reach host
// memory, the launch stops naming 'this' and what to write (before: refused
// at compile time, "a compute region cannot use members of 'F' through
// 'this'").
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t absent 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t absent 2>&1 | %FileCheck %s
// CHECK: ferry: error: this-implicit.cpp:[[#@LINE+96]] loop ({{.*}}this-implicit.cpp:[[#@LINE+96]]): the region uses members through 'this' (closure offset {{[0-9]+}}, 0x{{[0-9a-f]+}}), but the object is not present on the radeon device; name it in a data clause (copy(this), present(this)) or enter it first (enter data copyin(this)) (this device does not reach host memory)
#include "Inputs/check.h"
#include <cstring>

// Enters itself: every region finds the object present.
class Field {
public:
  explicit Field(int n) : len(n), scale(2), arr(new double[n]) {
#pragma acc enter data copyin(this)
#pragma acc enter data create(arr[0:len])
  }
  ~Field() {
#pragma acc exit data delete(arr[0:len])
#pragma acc exit data delete(this)
    delete[] arr;
  }
  void fill() {
#pragma acc parallel loop default(present)
    for (int i = 0; i < len; ++i)
      arr[i] = i;
  }
  void rescale() {
#pragma acc parallel
    {
#pragma acc loop
      for (int i = 0; i < len; ++i)
        arr[i] *= scale;
    }
  }
  double sum() {
    double s = 0;
#pragma acc parallel loop reduction(+:s)
    for (int i = 0; i < len; ++i)
      s += arr[i] + offset();
    return s;
  }
  void fetch() {
#pragma acc update self(arr[0:len])
  }
  int len;
  double scale;
  double *arr;

private:
  double offset() const { return scale / 2; }
};

// Never entered: each combined construct copies it.
class Saxpy {
public:
  explicit Saxpy(float a) : a(a) {}
  void run(const float *x, float *y, int n) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[0:n])
    for (int i = 0; i < n; ++i)
      y[i] = a * x[i] + y[i];
  }
  float dot(const float *x, int n) const { // members declared below
    float s = 0;
#pragma acc parallel loop copyin(x[0:n]) reduction(+:s)
    for (int i = 0; i < n; ++i)
      s += scaled(x[i]);
    return s;
  }
  void count(int n);
  float scaled(float v) const { return a * v; }
  int calls = 0;

private:
  float a;
};

void Saxpy::count(int n) {
#pragma acc parallel loop
  for (int i = 0; i < n; ++i) {
#pragma acc atomic update
    calls++;
  }
}

template <class T> struct Offset {
  T by = T(3);
  void add(T *v, int n) {
#pragma acc parallel loop copy(v[0:n])
    for (int i = 0; i < n; ++i)
      v[i] += by;
  }
};

// Never entered, used by a construct whose time loop runs on the host (host
// control): the object is the host's there, not present on the device.
struct Grid {
  int stride = 3, steps = 2;
  void fill(int n, int *c) {
#pragma acc kernels copy(c[0:n])
    {
      for (int s = 0; s < steps; ++s) {
#pragma acc loop
        for (int i = 0; i < n; ++i)
          c[i] += i * stride;
      }
    }
  }
};

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "absent") == 0) {
    Grid g;
    int c[4] = {0, 0, 0, 0};
    g.fill(4, c);
    CHECK(c[3] == 18);
    return report();
  }
  Field f(100);
  f.fill();
  f.rescale();
  f.fetch();
  for (int i = 0; i < 100; ++i)
    CHECK(f.arr[i] == 2.0 * i);
  CHECK(near(f.sum(), 9900 + 100));

  float x[64], y[64];
  for (int i = 0; i < 64; ++i) {
    x[i] = float(i);
    y[i] = 1;
  }
  Saxpy s(2);
  s.run(x, y, 64);
  for (int i = 0; i < 64; ++i)
    CHECK(y[i] == 2.0f * i + 1);
  CHECK(s.dot(x, 64) == 4032.0f);
  s.count(50);
  s.count(7);
  CHECK(s.calls == 57);

  Offset<double> o;
  double v[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  o.add(v, 8);
  for (int i = 0; i < 8; ++i)
    CHECK(v[i] == i + 3.0);
  return report();
}
