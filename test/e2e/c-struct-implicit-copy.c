// Local structs, unions and arrays of structs that no data clause names are
// `copy` in every compute construct (OpenACC 3.3 2.6.2): writes to their
// members in `kernels`, `parallel` and `serial` (scalar members, an array
// member, one element of an array of structs per iteration) are seen after
// the region. A struct the region only reads stays a copy in the closure,
// with its pointer translated at launch; one named in a clause keeps the
// clause. Before, the written ones were firstprivate copies and the writes
// were lost ({0, 0}), and `2 * loc[i].x` took `loc` for a variable the body
// declares (`T *loc[`), so the array of structs was a copy too. In C and,
// the same file compiled as C++, in C++; host, emulated gfx90a
// (race-checked) and gfx1100.
// RUN: %ferry-clang -std=c99 -O2 -fplugin-arg-ferry-remarks %s -o %t 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 -fplugin-arg-ferry-remarks %s -o %t.cxx 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2>&1 | %count 0
// RUN: env FERRY_EMU_RACES=1 %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t.cxx 2>&1 | %count 0
#include "Inputs/check_c.h"

enum { N = 64 };

typedef struct {
  double total;
  int count;
  double hist[N];
} stats;

typedef struct {
  double x, z;
} point;

typedef struct {
  double scale, shift;
} params;

typedef struct {
  double *data;
  int n;
} view;

typedef union {
  float f;
  unsigned u;
} bits;

static double a[N], buf[N], out[N], out2[N];

/* Reads a struct passed whole (it stays the closure's copy, its pointer
 * translated). */
static double at(view v, int i) { return v.data[i]; }

int main(void) {
  for (int i = 0; i < N; i++) {
    a[i] = 1;
    buf[i] = i;
  }

  // `kernels`: scalar members accumulated by a loop (it runs in order:
  // the loop uses '.').
  stats st = {0, 0, {0}};
  // REMARK: c-struct-implicit-copy.c:[[#@LINE+1]]:{{.*}} 'kernels' (its loops are regions of their own); data: copyin(a)
#pragma acc kernels copyin(a)
  for (int i = 0; i < N; i++) {
    st.total += a[i];
    st.count++;
  }
  CHECK(st.total == N && st.count == N);

  // `serial`: scalar members and an array member assigned.
  stats s2 = {0, 0, {0}};
  // REMARK: c-struct-implicit-copy.c:[[#@LINE+1]]:{{.*}} 'serial' as one region {{.*}}; other variables: scalars firstprivate, arrays and the structs it changes copy
#pragma acc serial
  {
    s2.total = 42;
    s2.count = 7;
    s2.hist[3] = 5;
  }
  CHECK(s2.total == 42 && s2.count == 7 && s2.hist[3] == 5 && s2.hist[4] == 0);

  // `parallel loop`: an array member, one element per iteration.
  stats s3 = {0, 0, {0}};
#pragma acc parallel loop
  for (int i = 0; i < N; i++)
    s3.hist[i] = 3 * i;
  for (int i = 0; i < N; i++)
    CHECK(s3.hist[i] == 3 * i);

  // `parallel` with a `loop` and code around it: a scalar member.
  stats s4 = {0, 0, {0}};
#pragma acc parallel
  {
    s4.count = 9;
#pragma acc loop
    for (int i = 0; i < N; i++)
      s4.hist[i] = i + 1;
  }
  CHECK(s4.count == 9 && s4.hist[N - 1] == N);

  // An array of structs, one element per iteration, next to an array of
  // doubles: `2 * loc[i].x` is a use of `loc`.
  point loc[N];
  double d[N];
  for (int i = 0; i < N; i++) {
    loc[i].x = i;
    loc[i].z = 0;
    d[i] = 0;
  }
#pragma acc parallel loop
  for (int i = 0; i < N; i++) {
    loc[i].z = 2 * loc[i].x;
    d[i] = 2 * i;
  }
  for (int i = 0; i < N; i++)
    CHECK(loc[i].z == 2 * i && d[i] == 2 * i);
#pragma acc kernels loop
  for (int i = 0; i < N; i++)
    loc[i].x = loc[i].z + 1;
  for (int i = 0; i < N; i++)
    CHECK(loc[i].x == 2 * i + 1);

  // A union written in `serial`.
  bits b;
  b.u = 0;
#pragma acc serial
  b.u = 0x3f800000u;
  CHECK(b.f == 1.0f);

  // Structs only read: copies in the closure; the pointer in `v` is
  // translated to the device copy of `buf`.
  params p = {2.0, 3.0};
  view v = {buf, N};
#pragma acc parallel loop copy(buf) copyout(out, out2)
  for (int i = 0; i < v.n; i++) {
    out[i] = p.scale * v.data[i] + p.shift;
    out2[i] = at(v, i);
    v.data[i] = -v.data[i];
  }
  for (int i = 0; i < N; i++)
    CHECK(out[i] == 2.0 * i + 3.0 && out2[i] == i && buf[i] == -i);

  // A struct in an explicit clause keeps it.
  stats s5 = {1, 1, {0}};
#pragma acc parallel loop copy(s5)
  for (int i = 0; i < N; i++)
    s5.hist[i] = s5.total + i;
  CHECK(s5.hist[5] == 6);
  return report();
}
