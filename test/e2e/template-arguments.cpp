// A template-id whose argument list has a comma, in the clauses that take
// several values (num_gangs, tile, gang's num: and static:): the comma stays
// in its argument (function, variable and class templates, qualified, and
// nested with `>>`), while a `<` that compares stays a comparison
// (`num_gangs(n < 4 ? 2 : 3, m > 1 ? 2 : 1)` is two values). The launches
// (FERRY_NOTIFY=1) show the gangs each clause asked for.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %FileCheck %s --check-prefix=COMPILE
// RUN: %check-images %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a env FERRY_NOTIFY=1 %run %t 2>&1 | %FileCheck %s
#include "Inputs/check.h"

template <int A, int B> constexpr int prod() { return A * B; }
template <int A, int B> constexpr int sum = A + B;
namespace sizes {
template <int A, int B> struct Pair {
  static constexpr int first = A, second = B;
};
template <int A, int B> constexpr int prod() { return A * B; }
} // namespace sizes

constexpr int N = 64;
static double a[N], b[N * N];

int main() {
  // CHECK: launch __ferry_template_arguments_cpp_[[#@LINE+1]]_parallel_loop_{{[0-9a-f]+}} on emulated gfx90a: grid 6x1x1
#pragma acc parallel loop copyout(a) num_gangs(prod<2, 3>())
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int i = 0; i < N; i++)
    CHECK(a[i] == double(i));

  // Two dimensions: 2 * 5 gangs.
  // CHECK: launch __ferry_template_arguments_cpp_[[#@LINE+1]]_parallel_loop_{{[0-9a-f]+}} on emulated gfx90a: grid 10x1x1
#pragma acc parallel loop copyout(a) num_gangs(sizes::prod<1, 2>(), sum<2, sizes::Pair<3, 4>::first>)
  for (int i = 0; i < N; i++)
    a[i] = 2 * i;
  for (int i = 0; i < N; i++)
    CHECK(a[i] == 2.0 * i);

  int n = 3, m = 2;
  // CHECK: launch __ferry_template_arguments_cpp_[[#@LINE+1]]_parallel_loop_{{[0-9a-f]+}} on emulated gfx90a: grid 4x1x1
#pragma acc parallel loop copyout(a) num_gangs(n < 4 ? 2 : 3, m > 1 ? 2 : 1)
  for (int i = 0; i < N; i++)
    a[i] = 3 * i;
  for (int i = 0; i < N; i++)
    CHECK(a[i] == 3.0 * i);

  // CHECK: launch __ferry_template_arguments_cpp_[[#@LINE+1]]_parallel_loop_{{[0-9a-f]+}} on emulated gfx90a: grid 3x1x1
#pragma acc parallel loop copyout(a) gang(num: sizes::Pair<3, 1>::first, static: prod<2, 4>())
  for (int i = 0; i < N; i++)
    a[i] = 4 * i;
  for (int i = 0; i < N; i++)
    CHECK(a[i] == 4.0 * i);

  // Two tile sizes for a nest of two loops; Ferry evaluates neither.
  // COMPILE: template-arguments.cpp:[[#@LINE+3]]:43: warning: OpenACC 'tile' size 'sizes::Pair<4,2>::first' is not a constant
  // COMPILE: template-arguments.cpp:[[#@LINE+2]]:69: warning: OpenACC 'tile' size 'sum<prod<1,2>(),sum<2,4>>' is not a constant
  // COMPILE-NOT: error
#pragma acc parallel loop copyout(b) tile(sizes::Pair<4, 2>::first, sum<prod<1, 2>(), sum<2, 4>>)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      b[i * N + j] = i - j;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      CHECK(b[i * N + j] == double(i - j));
  return report();
}
