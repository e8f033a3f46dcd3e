// private and firstprivate: each iteration's writes to a private scalar stay
// in the region; firstprivate starts from the value before the region; the
// original variables are unchanged after it; a sectioned local array is
// written in place. Host backend. Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cstdio>
#include <vector>

int main() {
  const int n = 10000;
  std::vector<int> out(n);
  int *po = out.data();
  int tmp = -1, base = 100;
#pragma acc parallel loop private(tmp) firstprivate(base) copyout(po[0:n])
  for (int i = 0; i < n; ++i) {
    tmp = base + i;
    po[i] = tmp * 2;
  }
  // A local array named with a section is captured as a pointer to its first
  // element: the region's writes land in the array.
  int local[64] = {0};
#pragma acc parallel loop copy(local[0:64])
  for (int i = 0; i < 64; ++i)
    local[i] = i * i;
  int bad = tmp != -1 || base != 100 || local[63] != 63 * 63;
  for (int i = 0; i < n; ++i)
    bad += out[i] != (100 + i) * 2;
  if (bad)
    std::fprintf(stderr, "private-firstprivate: %d wrong\n", bad);
  return bad ? 1 : 0;
}
