// Arrays of structs in data clauses: the body reads and writes members;
// a struct with several scalar members is captured by value.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <vector>

struct Particle {
  double x, y, vx, vy;
  int hits;
};

struct Box {
  double lo, hi;
  double dt;
};

int main() {
  const int n = 5000;
  std::vector<Particle> ps(n);
  for (int i = 0; i < n; ++i)
    ps[i] = {0.001 * i, 0.5, (i % 2 ? 1.0 : -1.0), 0.25, 0};
  Particle *p = ps.data();
  const Box box{0.0, 5.0, 0.1};
  for (int step = 0; step < 10; ++step) {
#pragma acc parallel loop copy(p[0:n])
    for (int i = 0; i < n; ++i) {
      Particle &q = p[i];
      q.x += q.vx * box.dt;
      q.y += q.vy * box.dt;
      if (q.x < box.lo || q.x > box.hi) {
        q.vx = -q.vx;
        q.hits += 1;
      }
    }
  }
  std::vector<Particle> ref(n);
  for (int i = 0; i < n; ++i)
    ref[i] = {0.001 * i, 0.5, (i % 2 ? 1.0 : -1.0), 0.25, 0};
  for (int step = 0; step < 10; ++step)
    for (Particle &q : ref) {
      q.x += q.vx * box.dt;
      q.y += q.vy * box.dt;
      if (q.x < box.lo || q.x > box.hi) {
        q.vx = -q.vx;
        q.hits += 1;
      }
    }
  for (int i = 0; i < n; ++i) {
    CHECK(p[i].x == ref[i].x && p[i].y == ref[i].y);
    CHECK(p[i].hits == ref[i].hits && p[i].vx == ref[i].vx);
  }
  return report();
}
