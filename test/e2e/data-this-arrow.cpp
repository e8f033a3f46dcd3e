// Members through the explicit `this` in data clauses (C++): `this->arr[0:n]`,
// `this->i`, `this->in.v[0:n]` name the object's members as `p->arr[0:n]`
// names the members of the struct p points to (Clacc's member tests). The
// object is the items' root: a compute construct copies it as `copy(this)`
// would, a data directive attaches the member's device copy where the
// object is present. A parameter or local of the member's name never
// stands in for it (`this->n` beside a parameter `n` is why one writes
// `this->`), also in a class template.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

struct Inner {
  double *v;
};

class Grid {
public:
  int n, i = 20;
  double *arr;
  Inner in;
  explicit Grid(int n) {
    this->n = n;
    arr = new double[n];
    in.v = new double[n];
    for (int k = 0; k < n; ++k)
      arr[k] = in.v[k] = k;
#pragma acc enter data copyin(this)
#pragma acc enter data copyin(this->arr[0:this->n], this->in.v[0:n])
  }
  ~Grid() {
#pragma acc exit data delete(this->arr[0:n], this->in.v[0:n])
#pragma acc exit data delete(this)
    delete[] arr;
    delete[] in.v;
  }
  // Device: arr[k] += k*scale through both spellings, in.v doubled.
  void step(double scale) {
#pragma acc parallel loop present(this->arr[0:n], this->in.v[0:n])
    for (int k = 0; k < n; ++k) {
      this->arr[k] += k * scale;
      in.v[k] *= 2;
    }
#pragma acc update self(this->arr[0:n], this->in.v[0:n])
  }
  // A local `i` hides the member: the clause names the member (present
  // with the object: the update brings it back).
  void bump() {
    int i = 5;
#pragma acc parallel num_gangs(1) copy(this->i)
    this->i += 200 + i;
#pragma acc update self(this->i)
    CHECK(i == 5);
  }
};

// A compute construct alone, on an object that is not present.
struct Counter {
  int hits[4] = {0, 0, 0, 0};
  long total = 1;
  void count(int n) {
    int total = -1; // hides the member
#pragma acc parallel loop copy(this->hits[0:4], this->total)
    for (int k = 0; k < n; ++k) {
#pragma acc atomic update
      this->hits[k % 4]++;
#pragma acc atomic update
      this->total += 1;
    }
    CHECK(total == -1);
  }
};

template <class T> struct Buffer {
  T *data;
  int n;
  explicit Buffer(int n) : data(new T[n]), n(n) {}
  ~Buffer() { delete[] data; }
  void fill(T value) {
#pragma acc parallel loop copyout(this->data[0:this->n])
    for (int k = 0; k < n; ++k)
      data[k] = value + T(k);
  }
};

int main() {
  {
    Grid g(64);
    g.step(0.5);
    for (int k = 0; k < 64; ++k) {
      CHECK(near(g.arr[k], k + 0.5 * k));
      CHECK(near(g.in.v[k], 2.0 * k));
    }
    g.bump();
    CHECK(g.i == 225);
  }
  Counter c;
  c.count(10);
  CHECK(c.hits[0] == 3 && c.hits[1] == 3 && c.hits[2] == 2 && c.hits[3] == 2);
  CHECK(c.total == 11);
  Buffer<float> b(16);
  b.fill(1.5f);
  for (int k = 0; k < 16; ++k)
    CHECK(b.data[k] == 1.5f + k);
  return report();
}
