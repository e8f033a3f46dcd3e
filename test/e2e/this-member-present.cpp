// A member array that a member function enters by itself (`enter data
// copyin(v)`) and another names present: the region reaches it through its
// present copy. The implicit copy of *this found the object partly present
// on GPUs and stopped the program ("data clause copy((*this)) failed").
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>

struct Grid {
  int n = 8;
  double v[8];
  void enter() {
#pragma acc enter data copyin(v)
  }
  void leave() {
#pragma acc exit data copyout(v)
  }
  void scale(double f) {
#pragma acc parallel loop present(v)
    for (int i = 0; i < 8; i++)
      v[i] *= f;
  }
};

int main() {
  Grid g;
  for (int i = 0; i < 8; i++)
    g.v[i] = i;
  g.enter();
  g.scale(2.0);
  g.leave();
  if (g.v[7] != 14 || g.n != 8) {
    std::printf("FAIL: %g\n", g.v[7]);
    return 1;
  }
  return 0;
}
