// Constructs whose analyses need the variables the code before them
// declares, in the two places where C++'s parser had not seen those
// declarations when Ferry handled the directive (OpenACC sweep 13 F3/F5,
// FireDynamics ARTSS's shapes). Inside a `data` construct's block (Ferry
// lexed the block ahead; now the parser reads it as it comes, as in C): a
// `kernels` construct lost every scalar it assigns (`s += a[i]` found as a
// reduction, an explicit `loop reduction(+:s)`, `x = a[n-1]`, a counter),
// a `parallel loop` the local array and struct it changes, and the
// firstprivate warning was missing; all silently, on every device. In the
// body of a member function defined in its class (the parser keeps it as
// tokens until the class is complete, and Sema knows none of its variables
// when the directive is handled), `kernels` now copies the scalars its
// source declares before the directive (a class template's member too);
// what Ferry still cannot type there (a local array or struct a construct
// writes, a scalar a `parallel loop` updates) is a warning naming them,
// and naming them in clauses works.
// RUN: %ferry-clangxx -O2 %s -o %t 2>&1 | %FileCheck %s --check-prefix=WARN --implicit-check-not=warning:
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// WARN: warning: 'sum' is updated in the iterations of this 'parallel loop' but no clause names it
// WARN: warning: OpenACC 'parallel loop' in a member function defined in its class: Ferry reads the directive before clang has parsed the function, so it cannot tell the types of 'h', 'p', which the construct writes; {{.*}} name them in a data or 'reduction' clause, or define the function outside its class
// WARN: warning: OpenACC 'parallel loop' in a member function defined in its class: {{.*}} cannot tell the types of 'sum', which {{.*}} name it in
#include "Inputs/check.h"

constexpr int N = 10;

struct Result {
  double s1, s2, x;
  int c;
};

static bool right(const Result &R) { return R.s1 == 45 && R.s2 == 45 && R.x == 9 && R.c == 4; }

struct P {
  double v[4];
};

static Result inDataBlock(const double *a, int n) {
#pragma acc data present(a[0 : n])
  {
    double s1 = 0, s2 = 0, x = 0;
    int c = 0;
#pragma acc kernels present(a[0 : n])
    {
      for (int i = 0; i < n; i++)
        s1 += a[i];
#pragma acc loop reduction(+ : s2)
      for (int i = 0; i < n; i++)
        s2 += a[i];
      x = a[n - 1];
      for (int i = 0; i < n; i++)
        if (a[i] > 5)
          c++;
    }
    double sum = 0;
#pragma acc parallel loop present(a[0 : n])
    for (int i = 0; i < n; i++)
      sum += a[i];
    CHECK(sum == 0); // firstprivate: the warning says so
    return {s1, s2, x, c};
  }
}

struct Solver {
  double scale = 2;

  Result inClass(const double *a, int n) {
    double s1 = 0, s2 = 0, x = 0;
    int c = 0;
#pragma acc kernels present(a[0 : n])
    {
      for (int i = 0; i < n; i++)
        s1 += a[i];
#pragma acc loop reduction(+ : s2)
      for (int i = 0; i < n; i++)
        s2 += a[i];
      x = a[n - 1];
      for (int i = 0; i < n; i++)
        if (a[i] > 5)
          c++;
    }
    return {s1, s2, x, c};
  }

  // A local array and struct a `parallel loop` changes (implicitly copy),
  // a member read through `this`, a data construct with a block nested in
  // it.
  bool aggregates(const double *a, int n) {
    double h[8] = {0}, g[8] = {0};
    P p = {{0, 0, 0, 0}}, q = {{0, 0, 0, 0}};
#pragma acc data present(a[0 : n])
    {
      {
#pragma acc parallel loop
        for (int i = 0; i < 8; i++) {
          h[i] = scale * a[i];
          if (i < 4)
            p.v[i] = a[i] + 1;
        }
#pragma acc parallel loop copy(g, q)
        for (int i = 0; i < 8; i++) {
          g[i] = scale * a[i];
          if (i < 4)
            q.v[i] = a[i] + 1;
        }
      }
      double sum = 0;
#pragma acc parallel loop present(a[0 : n])
      for (int i = 0; i < n; i++)
        sum += a[i];
      CHECK(sum == 0);
      double total = 0;
#pragma acc parallel loop present(a[0 : n]) reduction(+ : total)
      for (int i = 0; i < n; i++)
        total += a[i];
      CHECK(total == 45);
    }
    (void)h;
    (void)p;
    return g[7] == 14 && q.v[3] == 4;
  }
};

template <typename T> struct Counter {
  Result inTemplate(const T *a, int n) {
    T s1 = 0, s2 = 0, x = 0;
    int c = 0;
#pragma acc kernels present(a[0 : n])
    {
      for (int i = 0; i < n; i++)
        s1 += a[i];
#pragma acc loop reduction(+ : s2)
      for (int i = 0; i < n; i++)
        s2 += a[i];
      x = a[n - 1];
      for (int i = 0; i < n; i++)
        if (a[i] > 5)
          c++;
    }
    return {double(s1), double(s2), double(x), c};
  }
};

// A local pointer written through in an in-class member (the class-based
// codes' copy of a member into a local): what it points to is written, not
// the local, and there is no warning (OpenACC sweep 14 F8: there was).
struct Fill {
  double *a;
  int n;
  void set(double x) {
    double *la = a;
    int nn = n;
#pragma acc parallel loop default(present)
    for (int i = 0; i < nn; i++)
      la[i] = x;
  }
};

int main() {
  double a[N];
  for (int i = 0; i < N; i++)
    a[i] = i;
  double b[N];
  Fill F{b, N};
#pragma acc data copyout(b)
  F.set(3);
  for (int i = 0; i < N; i++)
    CHECK(b[i] == 3);
#pragma acc enter data copyin(a)
  CHECK(right(inDataBlock(a, N)));
  Solver S;
  CHECK(right(S.inClass(a, N)));
  CHECK(S.aggregates(a, N));
  CHECK(right(Counter<double>().inTemplate(a, N)));
#pragma acc exit data delete(a)
  return report();
}
