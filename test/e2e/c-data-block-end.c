// C: a compute construct right after a `data` construct's block is not in
// it. The parser lexes the directive after the block's `}` before it
// leaves the block's scope, where the construct's marker was still found:
// the region took the data construct's variables for present ones ("the
// pointer 'a' ... points to memory that is not present on the radeon
// device"), where an array the region uses without a clause is copied.
// A data construct inside another, and one ended by a `}` directly
// followed by the next data construct, too.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <stdio.h>

#define N 64

int main(void) {
  float a[N], b[N], c[N];
  int bad = 0;
#pragma acc data copy(a)
  {
#pragma acc parallel loop
    for (int i = 0; i < N; ++i)
      a[i] = (float)i;
  }
#pragma acc parallel loop copyout(b)
  for (int i = 0; i < N; ++i)
    b[i] = 2.0f * a[i]; // `a` in no clause here: copied in
#pragma acc data copyin(b)
  {
#pragma acc data copyout(c)
    {
#pragma acc parallel loop
      for (int i = 0; i < N; ++i)
        c[i] = b[i] + 1.0f;
    }
#pragma acc parallel loop
    for (int i = 0; i < N; ++i)
      a[i] = b[i] * 0.5f; // b present (the outer block), a copied
  }
#pragma acc data copyin(a)
  {
#pragma acc parallel loop copy(c)
    for (int i = 0; i < N; ++i)
      c[i] += a[i];
  }
  for (int i = 0; i < N; ++i)
    if (a[i] != (float)i || b[i] != 2.0f * i || c[i] != 3.0f * i + 1.0f)
      printf("%d: %g %g %g\n", i, a[i], b[i], c[i]), ++bad;
  return bad != 0;
}
