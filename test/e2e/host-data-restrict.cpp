// host_data use_device of a `restrict` pointer (`auto *__restrict p =
// v.data()`, a course's CUDA-aware MPI halo exchange): the device address,
// as for a plain pointer (refused inside acc.h before: "no matching function
// for call to 'use_device_address'", OpenACC sweep 11); and the rows of an
// array of `restrict` pointers, `copy(A[0:n][0:m])` of `double *__restrict
// *A` (a static assertion in acc.h before).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
#include "Inputs/check.h"

#include <openacc.h>
#include <vector>

static const double *seen = nullptr;
static void send(const double *p) { seen = p; } // stands for MPI_Isend(p, ...)

int main() {
  const int n = 16;
  std::vector<double> v(n);
  for (int i = 0; i < n; i++)
    v[i] = i;
  double *__restrict p = v.data();
  const double *__restrict const q = v.data() + 8;
#pragma acc data copy(p[0:n])
  {
#pragma acc host_data use_device(p, q)
    {
      send(p);
      CHECK(q == p + 8);
    }
    CHECK(seen == acc_deviceptr(v.data()));
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      p[i] *= 2;
  }
  CHECK(v[n - 1] == 30);

  const int rows = 8, cols = 16;
  std::vector<double> storage(rows * cols, 1.0);
  std::vector<double *> pointers(rows);
  for (int i = 0; i < rows; i++)
    pointers[i] = storage.data() + i * cols;
  double *__restrict *A = pointers.data();
#pragma acc parallel loop collapse(2) copy(A[0:rows][0:cols])
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      A[i][j] += i;
  for (int i = 0; i < rows; i++)
    CHECK(storage[i * cols] == 1 + i && storage[i * cols + cols - 1] == 1 + i);
  return report();
}
