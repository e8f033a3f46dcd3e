// Conformance style: atomic capture in every form: v = x++, v = ++x,
// v = x--, v = --x, v = x op= e, v = x = x op e, v = x = e op x, and the
// blocks {v = x; x op= e;}, {x op= e; v = x;}, {v = x; x = e;}
// (a swap); each checked through the set of captured values, as
// conformance suites do (every old value seen exactly once).
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

int test1() {
  int err = 0;
  const int m = 1000;
  int counter = 0, *got = new int[m];
#pragma acc parallel loop copy(counter) copyout(got[0:m])
  for (int x = 0; x < m; ++x) {
    int v;
#pragma acc atomic capture
    v = counter++;
    got[x] = v;
  }
  char *seen = new char[m];
  for (int x = 0; x < m; ++x)
    seen[x] = 0;
  for (int x = 0; x < m; ++x)
    if (got[x] >= 0 && got[x] < m)
      seen[got[x]]++;
  for (int x = 0; x < m; ++x)
    if (seen[x] != 1)
      err += 1;
  if (counter != m)
    err += 1;
  // v = --x from m: the captured values are m-1 ... 0.
#pragma acc parallel loop copy(counter) copyout(got[0:m])
  for (int x = 0; x < m; ++x) {
#pragma acc atomic capture
    got[x] = --counter;
  }
  for (int x = 0; x < m; ++x)
    seen[x] = 0;
  for (int x = 0; x < m; ++x)
    if (got[x] >= 0 && got[x] < m)
      seen[got[x]]++;
  for (int x = 0; x < m; ++x)
    if (seen[x] != 1)
      err += 1;
  if (counter != 0)
    err += 1;
  delete[] got;
  delete[] seen;
  return err;
}

int test2() {
  int err = 0;
  const int m = 1000;
  long long total = 0;
  long long *before = new long long[m], *after = new long long[m];
#pragma acc parallel loop copy(total) copyout(before[0:m], after[0:m])
  for (int x = 0; x < m; ++x) {
    long long v, w;
#pragma acc atomic capture
    {
      v = total;
      total += x + 1;
    }
#pragma acc atomic capture
    {
      total -= x + 1;
      w = total;
    }
    before[x] = v;
    after[x] = w;
  }
  if (total != 0)
    err += 1;
  for (int x = 0; x < m; ++x)
    if (before[x] < 0 || after[x] < 0 || before[x] > m * (m + 1LL) / 2)
      err += 1;
  real_t d = 0;
  real_t *dv = new real_t[m];
#pragma acc parallel loop copy(d) copyout(dv[0:m])
  for (int x = 0; x < m; ++x) {
#pragma acc atomic capture
    dv[x] = d += 0.5;
  }
  if (d != 0.5 * m)
    err += 1;
  // The captured values are 0.5, 1, ..., 0.5 m in some order.
  char *seen = new char[m];
  for (int x = 0; x < m; ++x)
    seen[x] = 0;
  for (int x = 0; x < m; ++x) {
    int k = (int)(dv[x] * 2) - 1;
    if (k >= 0 && k < m)
      seen[k]++;
  }
  for (int x = 0; x < m; ++x)
    if (seen[x] != 1)
      err += 1;
  delete[] before;
  delete[] after;
  delete[] dv;
  delete[] seen;
  return err;
}

int test3() {
  // Swap: {v = x; x = e;} passes a token along; each old value is seen once.
  int err = 0;
  const int m = 1000;
  int token = -1, *prev = new int[m];
#pragma acc parallel loop copy(token) copyout(prev[0:m])
  for (int x = 0; x < m; ++x) {
    int v;
#pragma acc atomic capture
    {
      v = token;
      token = x;
    }
    prev[x] = v;
  }
  char *seen = new char[m + 1];
  for (int x = 0; x <= m; ++x)
    seen[x] = 0;
  for (int x = 0; x < m; ++x)
    if (prev[x] >= -1 && prev[x] < m)
      seen[prev[x] + 1]++;
  seen[token + 1]++;
  for (int x = 0; x <= m; ++x)
    if (seen[x] != 1)
      err += 1;
  // v = x = x * 2 and v = x = 3 + x, unsigned, in order of any kind.
  unsigned u = 1, w = 0;
  unsigned *cap = new unsigned[m];
#pragma acc parallel loop copy(u, w) copyout(cap[0:m])
  for (int x = 0; x < m; ++x) {
    if (x < 16) {
#pragma acc atomic capture
      cap[x] = u = u * 2;
    } else {
#pragma acc atomic capture
      cap[x] = w = 3 + w;
    }
  }
  if (u != (1u << 16) || w != 3u * (m - 16))
    err += 1;
  for (int x = 0; x < 16; ++x)
    if (cap[x] < 2 || cap[x] > (1u << 16) || (cap[x] & (cap[x] - 1)) != 0)
      err += 1;
  for (int x = 16; x < m; ++x)
    if (cap[x] % 3 != 0 || cap[x] == 0)
      err += 1;
  delete[] prev;
  delete[] seen;
  delete[] cap;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}
