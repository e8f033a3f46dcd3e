// A member chain from the explicit `this` through a pointer member,
// `copy(this->atoms->px[0:n])` in a member function defined in its class:
// `*this->atoms` gets an implicit copy after the object, so the pointer to
// it is attached in the object's device copy (OpenACC sweep 11 F7: the
// region read the host's `atoms` on GPUs; the implicit `atoms->px` form
// worked). C chains: e2e/c-member-chains.c.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_CHECK=1 %emu-gfx90a %run %t 2>&1 | %count 0
#include "Inputs/check.h"

struct Atoms {
  float *px;
  int n;
};

struct Sim {
  Atoms *atoms;
  void step() {
    int n = atoms->n;
#pragma acc parallel loop copy(this->atoms->px[0:n])
    for (int i = 0; i < n; i++)
      this->atoms->px[i] += 1;
  }
  void implicitStep() {
    int n = atoms->n;
#pragma acc parallel loop copy(atoms->px[0:n])
    for (int i = 0; i < n; i++)
      atoms->px[i] += 2;
  }
  void outOfClass();
};

void Sim::outOfClass() {
  int n = atoms->n;
#pragma acc parallel loop copy(this->atoms->px[0:n])
  for (int i = 0; i < n; i++)
    this->atoms->px[i] *= 10;
}

int main() {
  Atoms a{new float[100](), 100};
  Sim s{&a};
  s.step();
  s.implicitStep();
  s.outOfClass();
  for (int i = 0; i < 100; i++)
    CHECK(a.px[i] == 30);
  CHECK(s.atoms == &a);
  delete[] a.px;
  return report();
}
