// Every 'atomic update' operator on int, unsigned, long long, unsigned long
// long, float and double, in the forms x op= e, x = x op e, x = e op x and
// ++/--, with x an array element, a scalar in an enclosing data construct
// and a struct member; each element is updated by many iterations at once.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>

struct Counter {
  long long hits;
  double sum;
};

template <class T> int check(const char *What, T Got, T Want) {
  if (Got == Want)
    return 0;
  std::printf("%s: got %g, want %g\n", What, (double)Got, (double)Want);
  return 1;
}

template <class T> int updates(const char *Type) {
  const int n = 4096, bins = 8;
  T add[bins], sub[bins], rsub[bins], mul[bins], div[bins], inc[bins], dec[bins];
  for (int b = 0; b < bins; ++b) {
    add[b] = sub[b] = inc[b] = dec[b] = T(0);
    rsub[b] = T(0);
    mul[b] = T(1);
    div[b] = T(1 << 20);
  }
  T total = T(0);
#pragma acc data copy(add, sub, rsub, mul, div, inc, dec, total)
  {
#pragma acc parallel loop
    for (int i = 0; i < n; ++i) {
      const int b = i % bins;
#pragma acc atomic
      add[b] += T(2);
#pragma acc atomic update
      sub[b] = sub[b] - T(1);
#pragma acc atomic update
      rsub[b] = T(3) - rsub[b];
#pragma acc atomic
      inc[b]++;
#pragma acc atomic
      --dec[b];
#pragma acc atomic update
      total = total + T(1);
      if (i < bins * 4) { // 4 per bin: 2^4 and 2^20 / 2^4
#pragma acc atomic update
        mul[b] = T(2) * mul[b];
#pragma acc atomic
        div[b] /= T(2);
      }
    }
  }
  int err = 0;
  const T per = T(n / bins);
  for (int b = 0; b < bins; ++b) {
    err += check(Type, add[b], T(2 * per));
    err += check(Type, sub[b], T(T(0) - per));
    err += check(Type, rsub[b], T(0)); // even number of x = 3 - x
    err += check(Type, inc[b], per);
    err += check(Type, dec[b], T(T(0) - per));
    err += check(Type, mul[b], T(16));
    err += check(Type, div[b], T(1 << 16));
  }
  err += check(Type, total, T(n));
  return err;
}

template <class T> int bitwise(const char *Type) {
  const int n = 64;
  T band = ~T(0), bor = T(0), bxor = T(0), shl = T(1), shr = T(T(1) << 40 % (8 * sizeof(T) - 1));
  T xor2 = T(0);
  const T top = shr;
#pragma acc parallel loop copy(band, bor, bxor, shl, shr, xor2)
  for (int i = 0; i < n; ++i) {
    const T bit = T(T(1) << (i % (8 * sizeof(T) - 1)));
#pragma acc atomic
    band &= ~bit;
#pragma acc atomic update
    bor = bor | bit;
#pragma acc atomic update
    bxor = bit ^ bxor;
#pragma acc atomic
    xor2 ^= T(3);
    if (i < 3) {
#pragma acc atomic
      shl <<= 1;
#pragma acc atomic update
      shr = shr >> 1;
    }
  }
  T all = T(0), odd = T(0);
  for (int i = 0; i < n; ++i) {
    const T bit = T(T(1) << (i % (8 * sizeof(T) - 1)));
    all |= bit;
    odd ^= bit;
  }
  int err = check(Type, band, T(~all)) + check(Type, bor, all) + check(Type, bxor, odd) +
            check(Type, xor2, T(0)) + check(Type, shl, T(8)) + check(Type, shr, T(top >> 3));
  return err;
}

int main() {
  int err = updates<int>("int") + updates<unsigned>("unsigned") +
            updates<long long>("long long") + updates<unsigned long long>("unsigned long long") +
            updates<float>("float") + updates<double>("double");
  err += bitwise<int>("int") + bitwise<unsigned>("unsigned") + bitwise<long long>("long long") +
         bitwise<unsigned long long>("unsigned long long");

  // A struct member, and a right-hand side that is not 'x op expr' (a
  // compare-and-swap of the whole statement).
  Counter c = {0, 0.0};
  long long maxv = 0;
  const int n = 1000;
#pragma acc parallel loop copy(c, maxv)
  for (int i = 0; i < n; ++i) {
#pragma acc atomic
    c.hits += 1;
#pragma acc atomic update
    c.sum = c.sum + 0.5;
#pragma acc atomic update
    maxv = maxv * 1 + (i == 7 ? 100 : 0) - 0;
  }
  err += check("member", c.hits, (long long)n) + check("member", c.sum, 0.5 * n) +
         check("cas", maxv, 100LL);

  // C++'s conversions: x += 0.75 on an int adds (int)(x + 0.75).
  int trunc = 0;
#pragma acc serial copy(trunc)
  for (int i = 0; i < 8; ++i) {
#pragma acc atomic
    trunc += 0.75;
  }
  err += check("conversion", trunc, 0);
  return err;
}
