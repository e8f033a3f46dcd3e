// Six reductions of four types in one loop: the partial storage holds them
// all, each combined with its own operator.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

int main() {
  const int n = 123457;
  int count = 0;
  long total = 10;
  double sum = 0.5, biggest = -1e300;
  float smallest = 1e30f;
  unsigned mask = 0;
#pragma acc parallel loop reduction(+:count, total, sum) reduction(max:biggest) reduction(min:smallest) reduction(|:mask)
  for (int i = 0; i < n; ++i) {
    count += (i % 3 == 0);
    total += i;
    sum += 0.25 * (i % 8);
    double v = double((i * 7919) % 10007);
    biggest = v > biggest ? v : biggest;
    float f = float((i * 31) % 1009) - 500.0f;
    smallest = f < smallest ? f : smallest;
    mask |= 1u << (i % 17);
  }
  int wc = 0;
  long wt = 10;
  double ws = 0.5;
  for (int i = 0; i < n; ++i) {
    wc += (i % 3 == 0);
    wt += i;
    ws += 0.25 * (i % 8);
  }
  CHECK(count == wc);
  CHECK(total == wt);
  CHECK(near(sum, ws));
  CHECK(biggest == 10006.0);
  CHECK(smallest == -500.0f);
  CHECK(mask == (1u << 17) - 1);
  return report();
}
