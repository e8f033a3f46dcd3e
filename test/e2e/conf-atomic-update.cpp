// Conformance style: atomic update of a histogram (x++ and x += e on
// array elements indexed by data), of a scalar through every binop
// (+ - * / & | ^ << >>, x = x op e and x = e op x forms, with e reading
// other arrays), of min/max-style expressions built from ?: and
// of float and double accumulators, inside parallel loops, kernels and
// a gang/vector nest.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  int *a = new int[n];
  int hist[10] = {0};
  for (int x = 0; x < n; ++x)
    a[x] = rand() % 10;
#pragma acc parallel loop copyin(a[0:n]) copy(hist[0:10])
  for (int x = 0; x < n; ++x) {
#pragma acc atomic
    hist[a[x]]++;
  }
  int host[10] = {0};
  for (int x = 0; x < n; ++x)
    host[a[x]]++;
  for (int b = 0; b < 10; ++b)
    if (hist[b] != host[b])
      err += 1;
  delete[] a;
  return err;
}

int test2() {
  int err = 0;
  real_t *a = new real_t[n], *b = new real_t[n];
  for (int x = 0; x < n; ++x) {
    a[x] = conf_rand();
    b[x] = conf_rand();
  }
  real_t total = 0;
  float ftotal = 0;
#pragma acc parallel loop copyin(a[0:n], b[0:n]) copy(total, ftotal)
  for (int x = 0; x < n; ++x) {
#pragma acc atomic update
    total = total + a[x] * b[x];
#pragma acc atomic
    ftotal += (float)a[x];
  }
  real_t host = 0;
  float fhost = 0;
  for (int x = 0; x < n; ++x) {
    host += a[x] * b[x];
    fhost += (float)a[x];
  }
  if (fabs(total - host) > 1e-9 * n)
    err += 1;
  if (fabs(ftotal - fhost) > 1e-3f * n)
    err += 1;
  delete[] a;
  delete[] b;
  return err;
}

int test3() {
  // Bitwise operators: each bit of a set once by one iteration.
  int err = 0;
  unsigned *bitsv = new unsigned[n];
  for (int x = 0; x < n; ++x)
    bitsv[x] = 1u << (x % 32);
  unsigned orr = 0, andr = 0xffffffffu, xorr = 0;
  long long prod = 1;
  int shl = 1, shr = 1 << 30;
#pragma acc parallel loop copyin(bitsv[0:n]) copy(orr, andr, xorr, prod, shl, shr)
  for (int x = 0; x < n; ++x) {
#pragma acc atomic update
    orr = orr | bitsv[x];
#pragma acc atomic update
    andr = ~bitsv[x] & andr;
#pragma acc atomic update
    xorr ^= bitsv[x];
    if (x < 40) {
#pragma acc atomic update
      prod = prod * 2;
    }
    if (x < 20) {
#pragma acc atomic update
      shl <<= 1;
#pragma acc atomic update
      shr = shr >> 1;
    }
  }
  unsigned hx = 0;
  for (int x = 0; x < n; ++x)
    hx ^= bitsv[x];
  if (orr != 0xffffffffu || andr != 0 || xorr != hx)
    err += 1;
  if (prod != (1LL << 40) || shl != (1 << 20) || shr != (1 << 10))
    err += 1;
  delete[] bitsv;
  return err;
}

int test4() {
  // Division and subtraction, x = e op x, in kernels and in a nest.
  int err = 0;
  real_t quotient = 1 << 20;
  int sub = 0, rsub = 0;
  long long counts[10] = {0};
#pragma acc kernels copy(quotient, sub, rsub, counts)
  {
#pragma acc loop independent
    for (int x = 0; x < 20; ++x) {
#pragma acc atomic update
      quotient = quotient / 2;
#pragma acc atomic
      sub -= x;
#pragma acc atomic update
      rsub = x - rsub;
    }
  }
#pragma acc parallel loop gang copy(counts[0:10])
  for (int g = 0; g < 10; ++g) {
#pragma acc loop vector
    for (int y = 0; y < 1000; ++y) {
#pragma acc atomic update
      counts[(g + y) % 10] += 1;
    }
  }
  if (quotient != 1.0 || sub != -190)
    err += 1;
  // rsub = x - rsub applied in any order: the result is the alternating sum
  // of the x in the order taken; its parity is fixed (sum of 0..19 is even).
  if (rsub % 2 != 0)
    err += 1;
  for (int b = 0; b < 10; ++b)
    if (counts[b] != 1000)
      err += 1;
  return err;
}

int main() {
  int failcode = 0;
  srand(15);
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  failcode += CONF_RUN(test4);
  return failcode ? 1 : 0;
}
