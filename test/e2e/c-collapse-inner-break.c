// `break` of a loop or `switch` inside the body of a collapse(n) nest leaves
// that statement, not the collapsed loops (SNAP-OpenACC's bounded fix-up
// loop): accepted (was "'break' in the body of a collapse(3) loop nest is
// not supported", as a break of the nest itself still is). A search loop
// with a break, a do-while, a while and a switch, in C and C++.
// RUN: %ferry-clang -std=c11 -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
#include <stdio.h>

#define N 8
#define M 6
#define L 3

static int cell(int i, int j, int l) {
  int k;
  for (k = 0; k < 100; ++k)
    if (k * k >= i * M + j)
      break;
  int w = 0;
  do {
    if (w == l)
      break;
    ++w;
  } while (1);
  int v = 0;
  while (v < 50) {
    if (v > i + j)
      break;
    v += 3;
  }
  int s;
  switch ((i + j + l) % 3) {
  case 0:
    s = 10;
    break;
  case 1:
    s = 20;
    break;
  default:
    s = 30;
    break;
  }
  return k + w + v + s;
}

int main(void) {
  int a[N][M][L];
#pragma acc parallel loop collapse(3) copyout(a)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      for (int l = 0; l < L; ++l) {
        int k;
        for (k = 0; k < 100; ++k)
          if (k * k >= i * M + j)
            break;
        int w = 0;
        do {
          if (w == l)
            break;
          ++w;
        } while (1);
        int v = 0;
        while (v < 50) {
          if (v > i + j)
            break;
          v += 3;
        }
        int s;
        switch ((i + j + l) % 3) {
        case 0:
          s = 10;
          break;
        case 1:
          s = 20;
          break;
        default:
          s = 30;
          break;
        }
        a[i][j][l] = k + w + v + s;
      }
  int bad = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      for (int l = 0; l < L; ++l)
        if (a[i][j][l] != cell(i, j, l)) {
          printf("a[%d][%d][%d] = %d, expected %d\n", i, j, l, a[i][j][l], cell(i, j, l));
          ++bad;
        }
  return bad != 0;
}
