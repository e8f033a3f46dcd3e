/* In `kernels`, a scalar that a nested loop's `private` clause names is that
 * loop's own: the construct's `copy` of the scalars its loops assign leaves
 * it out, and it keeps its value after the construct (gcc's libgomp
 * kernels-private-vars-loop-worker-5.c: `loop worker private(x)` holding a
 * `loop vector` wrote its last value back, 159 where 5 was right), also a
 * `loop vector private(x)` holding a `loop seq` in an in-order worker loop
 * (the worker loop took x for a temporary of its own and handed its last
 * iteration's value back: 93). Compiled as C and C++.
 * RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
 * RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t 2>&1 | %count 0
 * RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
 * RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
 */
#include "Inputs/check_c.h"

static int arr[32 * 32 * 32];

int main(void) {
  int x = 5, i, j, k;
#pragma acc kernels copy(arr)
  {
#pragma acc loop gang
    for (i = 0; i < 32; i++) {
#pragma acc loop worker private(x)
      for (j = 0; j < 32; j++) {
        x = i | j * 5;
#pragma acc loop vector
        for (k = 0; k < 32; k++)
          arr[i * 1024 + j * 32 + k] = x * k;
      }
    }
  }
  CHECK(x == 5);
  for (i = 0; i < 32; i++)
    for (j = 0; j < 32; j++)
      for (k = 0; k < 32; k++)
        CHECK(arr[i * 1024 + j * 32 + k] == (i | j * 5) * k);
#pragma acc kernels copy(arr)
  {
#pragma acc loop gang
    for (i = 0; i < 32; i++) {
#pragma acc loop worker
      for (j = 0; j < 32; j++) {
#pragma acc loop vector private(x)
        for (k = 0; k < 32; k++) {
          x = i + j + k;
#pragma acc loop seq
          for (int m = 0; m < 2; m++)
            arr[i * 1024 + j * 32 + k] += x + m;
        }
      }
    }
  }
  CHECK(x == 5);
  for (i = 0; i < 32; i++)
    for (j = 0; j < 32; j++)
      for (k = 0; k < 32; k++)
        CHECK(arr[i * 1024 + j * 32 + k] == (i | j * 5) * k + 2 * (i + j + k) + 1);
  return report();
}
