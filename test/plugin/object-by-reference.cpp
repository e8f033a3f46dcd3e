// A C++ object of a class that is not trivially copyable (a std::vector, a
// class with a copy constructor or destructor of its own), local or reached
// through a reference, used in a region that no clause names: the region
// uses the object in place, by reference, with OpenACC's implicit `copy` of
// its own bytes on a GPU (its changes stay on the host device; before, the
// region worked on a copy its copy constructor made, whose destructor ran
// for each chunk: a class that frees its memory freed it twice). Objects
// that hold pointers are warned about, naming the object and its type and
// saying what to map instead, unless the region uses only members that
// hold none (`m.width`). Not for objects named in a clause, private or
// firstprivate ones, objects declared in the region, trivially copyable
// ones, or under default(none) (Sema asks for a clause). e2e/objects-in-place.cpp
// runs such regions on the devices.
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

// Not trivially copyable, owning no memory: used in place, not warned about.
struct Scalars {
  double a = 5;
  ~Scalars() {}
};

struct Mesh {
  int width, height;
  std::vector<double> field;
};

// Through references: in place too; only its plain members: no warning.
void references(Mesh &m, const std::vector<double> &c, double *out) {
#pragma acc parallel loop copyout(out[0:4])
  for (int i = 0; i < 4; i++)
    out[i] = m.width * m.height;
// CHECK: object-by-reference.cpp:[[#@LINE+2]]:40: warning: 'c' is a 'std::vector<double>', which is not trivially copyable, and no data clause names it
#pragma acc parallel loop copyout(out[0:4])
  for (int i = 0; i < 4; i++) out[i] = c[i];
}

int main() {
  const int n = 64;
  std::vector<double> v(n, 1.0), w(n, 1.0);
  Owner a(n);
  Plain q{};
// CHECK: object-by-reference.cpp:[[#@LINE+2]]:31: warning: 'v' is a 'std::vector<double>', which is not trivially copyable, and no data clause names it: the region uses the object in place, on a GPU its device copy (present, or OpenACC's implicit 'copy' of the object's own bytes), whose pointers are the host's unless the program attached them; map the memory it owns instead (its data() is that memory: 'double *p = v.data();' with 'copy(p[0:n])')
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
  Mesh m{2, 3, std::vector<double>(4, 1.0)};
  double out[4];
  references(m, m.field, out);
  return !(v[0] == 2 && v[n - 1] == 2 && a[0] == 3 && a[n - 1] == 3 && out[3] == 1);
}
