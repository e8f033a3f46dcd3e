// `this` in data clauses (C++): the object, *this, as the OpenACC Best
// Practices Guide's classes write it: the constructor enters the object
// and then its array (`enter data copyin(this)`, `create(arr[0:len])`,
// which attaches the device copy's `arr`), member functions run regions on
// the present object (`present(this)`), `update` moves the object and its
// array, the destructor deletes both. `this[0:1]` and `this[:1]` (the
// section of the one object) are the same (EUMaster4HPC's CG solver), also
// under default(none), where the region's lambda captures `this` because a
// clause names it (Barnes2019-Landscape).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>

class Field {
public:
  explicit Field(int n) : len(n), scale(1), arr(new double[n]) {
#pragma acc enter data copyin(this)
#pragma acc enter data create(arr[0:len])
  }
  ~Field() {
#pragma acc exit data delete(arr[0:len])
#pragma acc exit data delete(this)
    delete[] arr;
  }
  void fill() {
#pragma acc parallel loop present(this)
    for (int i = 0; i < len; i++)
      arr[i] = scale * i;
  }
  void setScale(double s) {
    scale = s;
#pragma acc update device(this)
  }
  double *download() {
#pragma acc update self(arr[0:len])
    return arr;
  }
  bool present() const { return acc_is_present(const_cast<Field *>(this), sizeof *this); }

private:
  int len;
  double scale;
  double *arr;
};

class Sections {
public:
  explicit Sections(int n) : len(n), arr(new double[n]) {
#pragma acc enter data copyin(this[0:1])
#pragma acc enter data create(arr[0:len])
  }
  ~Sections() {
#pragma acc exit data delete(arr[0:len])
#pragma acc exit data delete(this[:1])
    delete[] arr;
  }
  double sum() {
    double s = 0;
#pragma acc parallel loop default(none) present(this[0:1]) reduction(+:s)
    for (int i = 0; i < len; i++) {
      arr[i] = i;
      s += arr[i];
    }
    return s;
  }
  bool present() const { return acc_is_present(const_cast<Sections *>(this), sizeof *this); }

private:
  int len;
  double *arr;
};

int main() {
  {
    Sections s(100);
    CHECK(s.present() || acc_get_device_type() == acc_device_host);
    CHECK(s.sum() == 4950);
  }
  Field f(500);
  CHECK(f.present() || acc_get_device_type() == acc_device_host);
  f.setScale(3);
  f.fill();
  const double *a = f.download();
  for (int i = 0; i < 500; i++)
    CHECK(a[i] == 3.0 * i);
  return report();
}
