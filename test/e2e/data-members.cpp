// Struct members and array elements in the data clauses of compute and data
// constructs: sections of pointer members (`s.a[0:n]`, `p->x[0:n]`,
// `a.b.c[0:n]`), sections of array members (`s.fixed[2:5]`), whole members
// (`s.scale`) and array elements (`list[3]`, which is `list[3:1]`). The
// struct a member belongs to is copied implicitly before its members, its
// pointer members are attached to their sections' device copies, and the
// region reaches them through the struct; the host struct keeps its host
// pointers afterwards.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"

struct Vectors {
  int n;
  double scale;
  double *a;
  double *b;
  double fixed[8];
};

struct Inner {
  double *c;
};
struct Middle {
  int pad;
  Inner b;
};
struct Outer {
  Middle m;
};

struct Mesh {
  int n;
  double *x;
};

/// A mesh passed by pointer to the function with the region.
static void shift(Mesh *mesh, double by) {
#pragma acc parallel loop copy(mesh->x[0:mesh->n])
  for (int i = 0; i < mesh->n; ++i)
    mesh->x[i] += by;
}

/// And by reference.
static void twice(Mesh &mesh) {
#pragma acc parallel loop copy(mesh.x[0:mesh.n])
  for (int i = 0; i < mesh.n; ++i)
    mesh.x[i] *= 2;
}

int main() {
  const int n = 1000;
  double a[n], b[n];
  for (int i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = -1;
  }
  Vectors s{n, 3.0, a, b, {}};
  for (int k = 0; k < 8; ++k)
    s.fixed[k] = k;

  // Pointer members, a whole scalar member, and the struct by its members.
#pragma acc parallel loop copyin(s.a[0:s.n], s.scale) copyout(s.b[0:s.n])
  for (int i = 0; i < s.n; ++i)
    s.b[i] = s.scale * s.a[i];
  for (int i = 0; i < n; ++i)
    CHECK(b[i] == 3.0 * i);
  CHECK(s.a == a && s.b == b); // the host struct keeps its host pointers

  // A section of an array member, written through the struct.
#pragma acc parallel loop copy(s.fixed[2:5])
  for (int k = 2; k < 7; ++k)
    s.fixed[k] += 10;
  for (int k = 0; k < 8; ++k)
    CHECK(s.fixed[k] == (k >= 2 && k < 7 ? k + 10 : k));

  // A data construct around two regions.
#pragma acc data copy(s.a[0:n]) create(s.b[0:n])
  {
#pragma acc parallel loop present(s.a[0:n], s.b[0:n])
    for (int i = 0; i < n; ++i)
      s.b[i] = s.a[i] + 1;
#pragma acc parallel loop present(s.a[0:n], s.b[0:n])
    for (int i = 0; i < n; ++i)
      s.a[i] = s.b[i] * 2;
  }
  for (int i = 0; i < n; ++i)
    CHECK(a[i] == 2.0 * (i + 1));

  // Nested members.
  double c[16];
  for (int i = 0; i < 16; ++i)
    c[i] = i;
  Outer o{{7, {c}}};
#pragma acc parallel loop copy(o.m.b.c[0:16])
  for (int i = 0; i < 16; ++i)
    o.m.b.c[i] = -o.m.b.c[i];
  for (int i = 0; i < 16; ++i)
    CHECK(c[i] == -i);

  // A struct passed by pointer and by reference to the function with the
  // region.
  double x[64];
  for (int i = 0; i < 64; ++i)
    x[i] = i;
  Mesh mesh{64, x};
  shift(&mesh, 0.5);
  twice(mesh);
  for (int i = 0; i < 64; ++i)
    CHECK(x[i] == 2 * (i + 0.5));

  // An array element is a one-element section.
  double list[8] = {0, 1, 2, 3, 4, 5, 6, 7};
#pragma acc serial copy(list[3])
  {
    list[3] = 30;
  }
  CHECK(list[3] == 30 && list[4] == 4);
  return report();
}
