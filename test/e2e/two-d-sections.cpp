// Two-dimensional sections a[lo:len][0:M] of whole rows map one block of
// memory; a section that is not whole rows stops the program with a message.
// Host, and the fake-ROCR AMD device (real present table). Silent on success.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=radeon FERRY_HSA_LIB=%fake-hsa %run %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %not --crash %run %t partial 2>&1 | %FileCheck %s
// CHECK: ferry: error: array section m[1:2][2:4] is not contiguous: inner dimension 2 must be whole ([0:8])
#include <openacc.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  float m[6][8];
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 8; ++j)
      m[i][j] = float(i * 8 + j);
  if (argc > 1 && std::strcmp(argv[1], "partial") == 0) {
#pragma acc data copy(m[1:2][2:4])
    {}
    return 0;
  }
  int bad = 0;
#pragma acc data copy(m[2:3][0:8])
  {
    bad += !acc_is_present(&m[2][0], 3 * sizeof m[0]);
    bad += acc_get_device_type() != acc_device_host && acc_is_present(&m[0][0], sizeof m[0]);
#pragma acc parallel loop collapse(2) present(m[2:3][0:8])
    for (int i = 2; i < 5; ++i)
      for (int j = 0; j < 8; ++j)
        m[i][j] *= 2;
  }
  // The region ran where the rows are (on a GPU, through `m`, attached to
  // the rows' copy although m[0] is not present); copy brought them back.
  if (!std::getenv("FERRY_HSA_LIB")) // CI's fake ROCR dispatches no kernels
    bad += m[4][7] != 2 * (4 * 8 + 7) || m[2][0] != 2 * 16 || m[1][0] != 8 || m[5][0] != 40;
  if (bad)
    std::fprintf(stderr, "two-d-sections: %d wrong\n", bad);
  return bad ? 1 : 0;
}
