// 'atomic capture' in its expression forms (v = x++, v = ++x, v = x--,
// v = x op= e, v = x = x op e) and its structured blocks ({v = x; x op= e;},
// {x op= e; v = x;}, {v = x; x = e;}), 'atomic read' and 'atomic write', and
// 'if' on 'atomic': every captured value is distinct, so the values taken
// form a permutation that proves each update was atomic.
// RUN: %ferry-clangxx -O2 %s -o %t && env ACC_DEVICE_TYPE=host %run %t
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include <cstdio>
#include <vector>

static int permutation(const char *What, const std::vector<long long> &V, long long First,
                       long long Step) {
  std::vector<char> Seen(V.size(), 0);
  for (long long X : V) {
    long long K = (X - First) / Step;
    if ((X - First) % Step || K < 0 || K >= (long long)V.size() || Seen[K]++) {
      std::printf("%s: value %lld taken twice or out of range\n", What, X);
      return 1;
    }
  }
  return 0;
}

int main() {
  const int n = 2048;
  std::vector<long long> post(n), pre(n), dec(n), comp(n), assign(n), blk1(n), blk2(n), xchg(n);
  long long *P = post.data(), *Q = pre.data(), *D = dec.data(), *C = comp.data(),
            *A = assign.data(), *B1 = blk1.data(), *B2 = blk2.data(), *X = xchg.data();
  long long c1 = 0, c2 = 0, c3 = n, c4 = 0, c5 = 0, c6 = 0, c7 = 0, c8 = -1;
#pragma acc parallel loop copy(c1, c2, c3, c4, c5, c6, c7, c8) \
    copyout(P[0:n], Q[0:n], D[0:n], C[0:n], A[0:n], B1[0:n], B2[0:n], X[0:n])
  for (int i = 0; i < n; ++i) {
#pragma acc atomic capture
    P[i] = c1++;
#pragma acc atomic capture
    Q[i] = ++c2;
#pragma acc atomic capture
    D[i] = c3--;
#pragma acc atomic capture
    C[i] = c4 += 3;
#pragma acc atomic capture
    A[i] = c5 = c5 + 2;
#pragma acc atomic capture
    {
      B1[i] = c6;
      c6 += 5;
    }
#pragma acc atomic capture
    {
      c7 = 7 + c7;
      B2[i] = c7;
    }
#pragma acc atomic capture
    {
      X[i] = c8;
      c8 = i;
    }
  }
  int err = permutation("v = x++", post, 0, 1) + permutation("v = ++x", pre, 1, 1) +
            permutation("v = x--", dec, 1, 1) + permutation("v = x += 3", comp, 3, 3) +
            permutation("v = x = x + 2", assign, 2, 2) +
            permutation("{v = x; x += 5;}", blk1, 0, 5) +
            permutation("{x = 7 + x; v = x;}", blk2, 7, 7);
  // {v = x; x = i;}: the old values are -1 and all but one of the i.
  xchg.push_back(c8);
  err += permutation("{v = x; x = expr;}", xchg, -1, 1);
  if (c1 != n || c2 != n || c3 != 0 || c4 != 3LL * n || c5 != 2LL * n || c6 != 5LL * n ||
      c7 != 7LL * n) {
    std::printf("final values wrong\n");
    ++err;
  }

  // read and write: each iteration writes its own slot's flag, then reads it.
  int flags[64] = {0}, seen[64] = {0};
#pragma acc parallel loop copy(flags, seen)
  for (int i = 0; i < 64; ++i) {
#pragma acc atomic write
    flags[i] = i + 1;
    int v;
#pragma acc atomic read
    v = flags[i];
    seen[i] = v;
  }
  for (int i = 0; i < 64; ++i)
    if (flags[i] != i + 1 || seen[i] != i + 1) {
      std::printf("read/write %d: %d %d\n", i, flags[i], seen[i]);
      ++err;
    }

  // if(false): the statement runs, not atomically; if(true): atomically.
  long long guarded = 0;
  bool atomically = true;
#pragma acc parallel loop copy(guarded)
  for (int i = 0; i < n; ++i) {
#pragma acc atomic update if(atomically)
    guarded += 2;
  }
  if (guarded != 2LL * n) {
    std::printf("if(true): %lld\n", guarded);
    ++err;
  }
  long long plain = 0;
  atomically = false;
#pragma acc serial copy(plain)
  for (int i = 0; i < 10; ++i) {
#pragma acc atomic if(atomically)
    plain++;
  }
  if (plain != 10) {
    std::printf("if(false): %lld\n", plain);
    ++err;
  }

  // x in parentheses, as the V&V suite writes it: {v = x; (x)--;}.
  std::vector<long long> paren(n);
  long long *PP = paren.data(), c9 = n;
#pragma acc parallel loop copy(c9) copyout(PP[0:n])
  for (int i = 0; i < n; ++i) {
#pragma acc atomic capture
    {
      PP[i] = (c9);
      (c9)--;
    }
  }
  err += permutation("{v = (x); (x)--;}", paren, 1, 1) + (c9 != 0);

  // Host code: an atomic outside any compute construct is a host atomic.
  int host = 0;
#pragma acc atomic
  host += 4;
  err += host != 4;
  return err;
}
