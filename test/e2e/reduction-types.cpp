// Reductions of every operator on unsigned, long long, float and double in
// one region, over loops with negative and != steps. Host backend. Silent.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %check-images %t
#include <cstdio>

int main() {
  unsigned u_or = 0, u_and = ~0u, u_xor = 0;
  long long ll_sum = -5, ll_max = -1000, ll_min = 1000;
  float f_prod = 1.0f;
  double d_sum = 0.5;
  int all = 1, any = 0;
#pragma acc parallel loop reduction(|:u_or) reduction(&:u_and) reduction(^:u_xor) \
    reduction(+:ll_sum) reduction(max:ll_max) reduction(min:ll_min) reduction(*:f_prod) \
    reduction(+:d_sum) reduction(&&:all) reduction(||:any)
  for (int i = 20; i != 0; i -= 2) {
    u_or |= 1u << (i % 16);
    u_and &= ~(1u << (i % 7));
    u_xor ^= unsigned(i);
    ll_sum += i;
    ll_max = i > ll_max ? i : ll_max;
    ll_min = i < ll_min ? i : ll_min;
    f_prod *= (i == 10 ? 2.0f : 1.0f);
    d_sum += 0.25;
    all = all && (i % 2 == 0);
    any = any || (i == 14);
  }
  unsigned w_or = 0, w_and = ~0u, w_xor = 0;
  for (int i = 20; i != 0; i -= 2) {
    w_or |= 1u << (i % 16);
    w_and &= ~(1u << (i % 7));
    w_xor ^= unsigned(i);
  }
  int bad = (u_or != w_or) + (u_and != w_and) + (u_xor != w_xor) + (ll_sum != -5 + 110) +
            (ll_max != 20) + (ll_min != 2) + (f_prod != 2.0f) + (d_sum != 0.5 + 2.5) +
            (all != 1) + (any != 1);
  if (bad)
    std::fprintf(stderr, "reduction-types: %d wrong\n", bad);
  return bad ? 1 : 0;
}
