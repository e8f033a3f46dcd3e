// collapse and tile take integer constant expressions, evaluated at the
// directive: arithmetic of literals, enumerators (scoped ones qualified,
// through a cast), constexpr and const variables, namespace-qualified names,
// macros (OpenACC sweep 10 F10: `collapse(4 - 1)` and enumerators were
// refused: "OpenACC 'collapse' needs a positive integer constant").
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -O2 -fplugin-arg-ferry-remarks -fsyntax-only %s 2>&1 | %FileCheck --check-prefix=REMARK %s
#include "Inputs/check.h"

enum { Levels = 2 };
namespace cfg {
constexpr int depth = 3;
enum class Dims { One = 1, Two, Three };
} // namespace cfg
constexpr int BS = 16;
#define HALF(x) ((x) / 2)

static int a[4][8][16];

static void add(int v) {
  const int three = 4 - 1;
  // REMARK: collapse-constants.cpp:[[@LINE+1]]:{{.*}} over a collapse(3) nest
#pragma acc parallel loop collapse(three) copy(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 16; ++k) a[i][j][k] += v;
}

int main() {
  // REMARK: collapse-constants.cpp:[[@LINE+1]]:{{.*}} over a collapse(3) nest
#pragma acc parallel loop collapse(4 - 1) copyout(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 16; ++k) a[i][j][k] = i * 100 + j * 10 + k;
  // REMARK: collapse-constants.cpp:[[@LINE+1]]:{{.*}} over a collapse(2) nest
#pragma acc parallel loop collapse(Levels) copy(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j) a[i][j][0] += 1000;
  // REMARK: collapse-constants.cpp:[[@LINE+1]]:{{.*}} over a collapse(3) nest
#pragma acc parallel loop collapse(cfg::depth) copy(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 16; ++k) a[i][j][k] += 1;
  // REMARK: collapse-constants.cpp:[[@LINE+1]]:{{.*}} over a collapse(3) nest
#pragma acc parallel loop collapse((int)cfg::Dims::Three) copy(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 16; ++k) a[i][j][k] += 1;
  // REMARK: collapse-constants.cpp:[[@LINE+1]]:{{.*}} over a tile(8, 32) nest
#pragma acc parallel loop tile(HALF(BS), 2 * BS) copy(a)
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 16; ++k) a[i][j][k] += 1;
  add(10);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 8; ++j)
      for (int k = 0; k < 16; ++k)
        CHECK(a[i][j][k] == i * 100 + j * 10 + k + 13 + (k == 0 ? 1000 : 0));
  return report();
}
