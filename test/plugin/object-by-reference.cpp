// A local C++ object of a class that is not trivially copyable (a
// std::vector, a class with a copy constructor of its own) used in a region
// that no clause names: the region uses the host's object by reference
// (its changes stay on the host device; before, the region worked on a copy
// its copy constructor made, and the changes were lost), with a warning
// that names the object and its type and says what to map instead (on a
// GPU the object must be present). Only for objects that hold pointers
// (an object of scalars stays the region's copy). Not for objects named in a clause,
// private or firstprivate ones, objects declared in the region, trivially
// copyable ones, or under default(none) (Sema asks for a clause).
// RUN: %ferry-clangxx -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %ferry-clangxx -O2 -fplugin-arg-ferry-targets=none %s -o %t 2>/dev/null
// RUN: env ACC_DEVICE_TYPE=host %run %t
#include <vector>

struct Owner {
  double *p;
  int n;
  explicit Owner(int n) : p(new double[n]), n(n) {
    for (int i = 0; i < n; i++)
      p[i] = 1;
  }
  Owner(const Owner &o) : p(new double[o.n]), n(o.n) {
    for (int i = 0; i < n; i++)
      p[i] = o.p[i];
  }
  ~Owner() { delete[] p; }
  double &operator[](int i) { return p[i]; }
};

struct Plain {
  double x[4];
};

// Not trivially copyable, but owning no memory: still the region's copy.
struct Scalars {
  double a = 5;
  ~Scalars() {}
};

int main() {
  const int n = 64;
  std::vector<double> v(n, 1.0), w(n, 1.0);
  Owner a(n);
  Plain q{};
// CHECK: object-by-reference.cpp:[[#@LINE+2]]:31: warning: 'v' is a 'std::vector<double>', which is not trivially copyable, and no data clause names it: the region uses the host's object itself, which a GPU reaches only where it is present (OpenACC's implicit 'copy' would map the object's own bytes, holding the host's pointers); map the memory it owns instead (its data() is that memory: 'double *p = v.data();' with 'copy(p[0:n])')
#pragma acc parallel loop
  for (int i = 0; i < n; i++) v[i] *= 2;
// CHECK: object-by-reference.cpp:[[#@LINE+3]]:31: warning: 'a' is a 'Owner', which is not trivially copyable, and no data clause names it
// CHECK: object-by-reference.cpp:[[#@LINE+2]]:39: warning: 'v' is a 'std::vector<double>'
#pragma acc parallel loop
  for (int i = 0; i < n; i++) a[i] += v[i];
  // Named in a clause (ShallowObjectCopy's warning), private, firstprivate,
  // declared in the region, trivially copyable: none of this warning.
// CHECK: object-by-reference.cpp:[[#@LINE+1]]:32: warning: 'w' is a 'std::vector<double>', which is not trivially copyable: 'copy' maps
#pragma acc parallel loop copy(w) firstprivate(a)
  for (int i = 0; i < n; i++) {
    Plain local{{a[i], 0, 0, 0}};
    q.x[i % 4] = local.x[0];
  }
#pragma acc parallel loop private(w)
  for (int i = 0; i < n; i++)
    q.x[0] = 0;
  Scalars s;
#pragma acc parallel loop copyout(q)
  for (int i = 0; i < n; i++)
    q.x[i % 4] = s.a;
  return !(v[0] == 2 && v[n - 1] == 2 && a[0] == 3 && a[n - 1] == 3);
}
