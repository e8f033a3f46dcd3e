// The command line's feature-test macros and library modes reach the C and
// C++ libraries in C++ units: Ferry's header includes <vector> and glibc's
// <features.h> before the unit's code, and took the command line's `-D`s
// after it (with its precompiled form and as text), so `-D_FORTIFY_SOURCE=2`
// was dropped silently and `-D_GLIBCXX_DEBUG` gave a std::vector of the
// normal mode. Names reserved to the implementation (`_` and a capital, or
// `__`) now come before the header, and key its PCH; the program's own
// macros (`-DN=...`) still come after it (e2e/user-macros.cpp).
// RUN: %ferry-clangxx -O2 -D_FORTIFY_SOURCE=2 -DFORTIFY=2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -O2 -D_GLIBCXX_DEBUG -DDEBUG_MODE %s -o %t.debug
// RUN: env ACC_DEVICE_TYPE=host %run %t.debug 2>&1 | %count 0
// The header as text (no PCH):
// RUN: env FERRY_PCH=0 %ferry-clangxx -O2 -D_FORTIFY_SOURCE=2 -DFORTIFY=2 %s -o %t.text
// RUN: env FERRY_PCH=0 %ferry-clangxx -O2 -D_GLIBCXX_DEBUG -DDEBUG_MODE %s -o %t.text-debug
// And without them, the defaults (a PCH of its own):
// RUN: %ferry-clangxx -O2 %s -o %t.plain
// RUN: env ACC_DEVICE_TYPE=host %run %t.plain 2>&1 | %count 0
#include <cstdio>
#include <features.h>
#include <type_traits>
#include <vector>

#ifdef FORTIFY
static_assert(__USE_FORTIFY_LEVEL == FORTIFY, "-D_FORTIFY_SOURCE did not reach glibc");
#else
static_assert(__USE_FORTIFY_LEVEL == 0, "fortified without -D_FORTIFY_SOURCE");
#endif
#ifdef DEBUG_MODE
static_assert(std::is_same_v<std::vector<int>, std::__debug::vector<int>>,
              "-D_GLIBCXX_DEBUG did not reach libstdc++");
#endif

int main() {
  std::vector<double> v(1000, 1.0);
  double *p = v.data();
  const int n = int(v.size());
#pragma acc parallel loop copy(p[0:n])
  for (int i = 0; i < n; i++)
    p[i] += i;
  for (int i = 0; i < n; i++)
    if (v[i] != 1.0 + i) {
      std::printf("cxx-feature-macros: v[%d] = %g\n", i, v[i]);
      return 1;
    }
  return 0;
}
