// Members through `this` in regions whose clauses do not name the object
// (C++): the region uses the object where the device has it, as any
// pointer of its closure. A class that enters itself and its arrays in its
// constructor (the OpenACC Best Practices Guide's pattern) runs member
// functions with no clause, `default(present)` or a clause naming only a
// member section (Clacc's "explicit DA for this" case). Where the object is
// not present on a device that does not reach host memory, the launch stops
// naming 'this' and what to write (before: refused at compile time, "a
// compute region cannot use members of 'F' through 'this'").
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t absent 2>&1 | %count 0
// RUN: %emu-gfx90a %not --crash %run %t absent 2>&1 | %FileCheck %s
// CHECK: ferry: error: this-implicit.cpp:[[#@LINE+47]] parallel loop ({{.*}}this-implicit.cpp:[[#@LINE+47]]): the region uses members through 'this' (closure offset {{[0-9]+}}, 0x{{[0-9a-f]+}}), but the object is not present on the radeon device; name it in a data clause (copy(this), present(this)) or enter it first (enter data copyin(this)) (this device does not reach host memory)
#include "Inputs/check.h"
#include <cstring>

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
#pragma acc parallel loop
    for (int i = 0; i < len; ++i)
      arr[i] *= scale;
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

// Never entered: host memory.
struct Grid {
  int stride = 3;
  void fill(int n, int *c) {
#pragma acc parallel loop copy(c[0:n])
    for (int i = 0; i < n; ++i)
      c[i] = i * stride;
  }
};

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "absent") == 0) {
    Grid g;
    int c[4] = {0, 0, 0, 0};
    g.fill(4, c);
    CHECK(c[3] == 9);
    return report();
  }
  Field f(100);
  f.fill();
  f.rescale();
  f.fetch();
  for (int i = 0; i < 100; ++i)
    CHECK(f.arr[i] == 2.0 * i);
  CHECK(near(f.sum(), 9900 + 100));
  return report();
}
