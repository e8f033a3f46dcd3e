// Directives written with _Pragma inside macros work like '#pragma acc'.
// Host backend. Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cstdio>

#define FILL(arr, count, value)                                                \
  _Pragma("acc parallel loop copyout(arr[0:count])")                           \
  for (int i = 0; i < (count); ++i)                                            \
    (arr)[i] = (value) + i;

#define SUM(arr, count, out)                                                   \
  _Pragma("acc parallel loop copyin(arr[0:count]) reduction(+:out)")           \
  for (int i = 0; i < (count); ++i)                                            \
    out += (arr)[i];

int main() {
  int data[100];
  int *arr = data;
  const int count = 100;
  long out = 0;
  FILL(arr, count, 5)
  SUM(arr, count, out)
  if (out != 100 * 5 + 99 * 100 / 2) {
    std::fprintf(stderr, "pragma-in-macro: sum %ld\n", out);
    return 1;
  }
  return 0;
}
