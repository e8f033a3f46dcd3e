// A compute region that changes a global object through an operator of its
// class (assignment, compound assignment, increment; a member operator that
// is not const, or a non-member one that takes the object by non-const
// reference) writes host memory, as a built-in assignment to a global
// double does: the same error. Reading the object, its const members and
// operators, and operators that change a local stay accepted.
// RUN: %ferry-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
struct S {
  double a;
  S &operator+=(const S &o) {
    a += o.a;
    return *this;
  }
  S &operator++() {
    ++a;
    return *this;
  }
  bool operator==(const S &o) const { return a == o.a; }
  double get() const { return a; }
  void set(double v) { a = v; }
};
struct T {
  double b;
};
T &operator-=(T &l, const T &r) {
  l.b -= r.b;
  return l;
}
T operator+(const T &l, const T &r) { return {l.b + r.b}; }

S g;
T t;
double h;

void f(int n, double *x) {
  // expected-note@+1 7 {{in the compute region that starts here}}
#pragma acc parallel loop copy(x[0:n])
  for (int i = 0; i < n; ++i) {
    S l{1.0};
    T m{1.0};
    h = 1; // expected-error {{a compute region cannot write the global variable 'h', which is host memory; reduce into a local variable, or copy it to a local before the region and back after it}}
    g = l; // expected-error {{a compute region cannot write the global variable 'g', which is host memory; reduce into a local variable, or copy it to a local before the region and back after it}}
    g += l; // expected-error {{a compute region cannot write the global variable 'g', which is host memory; reduce into a local variable, or copy it to a local before the region and back after it}}
    ++g; // expected-error {{a compute region cannot write the global variable 'g', which is host memory; reduce into a local variable, or copy it to a local before the region and back after it}}
    g.set(i); // expected-error {{a compute region cannot write the global variable 'g', which is host memory; reduce into a local variable, or copy it to a local before the region and back after it}}
    t -= m; // expected-error {{a compute region cannot write the global variable 't', which is host memory; reduce into a local variable, or copy it to a local before the region and back after it}}
    t = m; // expected-error {{a compute region cannot write the global variable 't', which is host memory; reduce into a local variable, or copy it to a local before the region and back after it}}
    // Reads: accepted.
    l = g;
    l += g;
    m -= t;
    m = t + m;
    x[i] = g.get() + g.a + t.b + (g == l);
  }
}
