// A compute construct of a member function whose clauses name the object
// (`copyout(this[0:1])`, `copy(this[0:1])`) and whose statements outside
// its loops assign members through the implicit `this` (`k = 770;`, Clacc's
// loop-da-member-expr.cpp): those statements are the device copy's, as
// `this->k = 770;` was. They ran as host control on the host object, and
// the construct's copy of the object then overwrote them (0 4 8 where 990
// 774 668 was right). A class template the same. Race-checked.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a env FERRY_EMU_RACES=1 %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

struct Test {
  int i = 0, k = 0, l = 0;
  void run_copyout() {
#pragma acc parallel num_gangs(1) copyout(this[0:1])
    {
      i = 990;
      k = 770;
      l = 660;
#pragma acc loop gang
      for (int x = 0; x < 4; ++x) {
        // (Ferry spreads a gang loop over the gang's lanes too: its
        // iterations are independent, as `parallel` says.)
#pragma acc atomic update
        k += 1;
      }
#pragma acc loop seq
      for (int y = 0; y < 4; ++y)
        l += 2;
    }
  }
  void run_copy() {
    i = 1, k = 2, l = 2;
#pragma acc parallel num_gangs(1) copy(this[0:1])
    {
      i = 990;
      k = 770;
      l = 660;
#pragma acc loop seq
      for (int y = 0; y < 4; ++y)
        l += 2;
    }
  }
};

template <typename T> struct Base {
  T base = 0;
};
template <typename T> struct Derived : Base<T> {
  T own = 0;
  void run() {
#pragma acc parallel num_gangs(1) copy(this[0:1])
    {
      own = 5;
      this->base = 7;
#pragma acc loop seq
      for (int y = 0; y < 4; ++y)
        own += 1;
    }
  }
};

int main() {
  Test t;
  t.run_copyout();
  CHECK(t.i == 990 && t.k == 774 && t.l == 668);
  t.run_copy();
  CHECK(t.i == 990 && t.k == 770 && t.l == 668);
  Derived<long> d;
  d.run();
  CHECK(d.own == 9 && d.base == 7);
  return report();
}
