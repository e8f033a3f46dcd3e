// What a unit gets with Ferry's precompiled header (plugin/header-pch.test):
// _OPENACC, its own -D macros (N and SCALE: `N` is also a template
// parameter's name in <ferry/acc/acc.h>, which the macro must not reach), an
// -include file's macro (OFFSET) and a region.
#include <cstdio>

static_assert(_OPENACC == 201811, "_OPENACC comes with Ferry's header");

int main() {
  int x[N];
#pragma acc parallel loop copyout(x)
  for (int i = 0; i < N; ++i)
    x[i] = SCALE * i + OFFSET;
  for (int i = 0; i < N; ++i)
    if (x[i] != SCALE * i + OFFSET) {
      std::printf("x[%d] = %d, expected %d\n", i, x[i], SCALE * i + OFFSET);
      return 1;
    }
  return 0;
}
