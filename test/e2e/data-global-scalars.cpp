// A global (or static) scalar named in a data clause that a region writes
// and reads: both are the device copy's. The region's reference to it
// (`[&g = g]`) was taken by clang for a constant (it names a global), so
// the body read the global itself, which Ferry passes by value at launch
// (the host's value), while it wrote the device copy through the
// reference: `serial copy(g)` doubling g in a loop left a[] all 1 and g 2
// on GPUs (gcc's libgomp data-clauses tests, built as C++).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <cstdlib>

int g;
double a[8];
static int counter;

static void expect(bool ok, const char *what) {
  if (!ok) {
    std::printf("FAIL: %s\n", what);
    std::exit(1);
  }
}

int main() {
  g = 1;
#pragma acc serial copy(g, a)
  for (int k = 0; k < 8; k++) {
    a[k] = g;
    g = g * 2;
  }
  expect(g == 256 && a[0] == 1 && a[7] == 128, "serial copy(g): reads after writes");

  // kernels: a statement writes g (a region of its own), the loop after it
  // reads it (another region, with the construct's view: the device copy).
  g = 1;
#pragma acc kernels copy(g, a)
  {
    g = 3;
    for (int k = 0; k < 8; k++)
      a[k] = g + k;
  }
  expect(g == 3 && a[0] == 3 && a[7] == 10, "kernels copy(g): a statement, then a loop");

  int r = 0;
  g = -1;
#pragma acc parallel copy(g) copyout(r)
  {
    g = 2;
    r = g;
  }
  expect(g == 2 && r == 2, "parallel copy(g)");

  // present inside a data construct, and a static variable.
  counter = 5;
#pragma acc data copy(counter)
  {
#pragma acc serial present(counter)
    for (int k = 0; k < 3; k++)
      counter = counter * 2 + 1;
  }
  expect(counter == 47, "static counter, present");
  return 0;
}
