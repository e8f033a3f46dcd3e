// Macros that users define on the command line or in their files do not
// reach into the header the plugin includes: single letters on the command
// line (-DN=500, -DB=2, ... broke its templates before), and `min`, `max`,
// `data` defined in the source before the directives. Ferry's header goes
// in before the command line's macros.
// RUN: %ferry-clangxx -O2 -DN=500 -DI=3 -DB=2 -DL=7 -DS=9 -DC=1 -DT=4 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
#include <cstdio>

#define M 24
#define max(a, b) ((a) > (b) ? (a) : (b))
#define min(a, b) ((a) < (b) ? (a) : (b))
#define data payload
#define value 7

static double buffer[N * M];

int main() {
  double *p = buffer;
  long total = 0;
#pragma acc parallel loop collapse(2) copyout(p[0:N * M])
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      p[i * M + j] = max(i, j) + min(i, j) + value;
#pragma acc parallel loop copyin(p[0:N * M]) reduction(+:total)
  for (int i = 0; i < N; ++i) {
    long row = 0;
#pragma acc loop reduction(+:row)
    for (int j = 0; j < M; ++j)
      row += long(p[i * M + j]);
    total += row;
  }
  long expect = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      expect += i + j + value;
  if (total != expect || p[(N - 1) * M + 3] != N - 1 + 3 + value) {
    std::fprintf(stderr, "user-macros: total %ld, expected %ld\n", total, expect);
    return 1;
  }
  return 0;
}
