// Loop bodies with inner while/do/switch statements, 'break' that leaves an
// inner loop or a switch (allowed), 'continue' of the region's loop, nested
// lambdas and local helper structs. Host backend. Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cstdio>
#include <vector>

int main() {
  const int n = 500;
  std::vector<int> out(n, 0);
  int *po = out.data();
#pragma acc parallel loop copyout(po[0:n])
  for (int i = 0; i < n; ++i) {
    struct Pair { int a, b; };
    Pair p{i, 0};
    if (i % 10 == 9) {
      po[i] = -1;
      continue;
    }
    int steps = 0, x = i;
    while (x > 1) {
      x = (x % 2) ? 3 * x + 1 : x / 2;
      if (++steps > 1000)
        break; // leaves the while, not the region's loop
    }
    switch (i % 3) {
    case 0:
      p.b = steps;
      break; // leaves the switch
    case 1:
      p.b = -steps;
      break;
    default:
      do {
        p.b += 1;
      } while (p.b < 3);
    }
    auto twice = [](int v) { return 2 * v; };
    po[i] = twice(p.a) + p.b;
  }
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    int want;
    if (i % 10 == 9) {
      want = -1;
    } else {
      int steps = 0, x = i;
      while (x > 1) {
        x = (x % 2) ? 3 * x + 1 : x / 2;
        if (++steps > 1000)
          break;
      }
      int b = i % 3 == 0 ? steps : i % 3 == 1 ? -steps : 3;
      want = 2 * i + b;
    }
    bad += out[i] != want;
  }
  if (bad)
    std::fprintf(stderr, "body-control: %d wrong\n", bad);
  return bad ? 1 : 0;
}
