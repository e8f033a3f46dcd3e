// Unstructured data of structs, the way OpenACC programs write it: `enter
// data` of the struct, then of its members' sections, which attaches the
// device copy's pointer members (with attach counters); regions that use
// `s.data[i]` through the present struct; `update` of members and of the
// whole struct (the attached pointer keeps each side's value); `exit data`
// of the members detaches them (the device copy holds the host pointer
// again) before the struct leaves. Also an array of structs with a pointer
// member each, a global struct, and the `attach`/`detach` clauses.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <cstddef>
#include <cstdlib>
#include <openacc.h>

struct Field {
  int n;
  double *data;
};

struct Particle {
  double mass;
  double *pos; // 3 coordinates
};

struct Grid {
  int n;
  double *v;
};
Grid grid;

/// The pointer member at \p Offset as the device copy of \p S holds it; on
/// the host (shared memory) the host value.
static void *deviceMember(void *S, size_t Offset) {
  if (acc_get_device_type() == acc_device_host)
    return *reinterpret_cast<void **>(static_cast<char *>(S) + Offset);
  void *P = nullptr;
  acc_memcpy_from_device(&P, static_cast<char *>(acc_deviceptr(S)) + Offset, sizeof P);
  return P;
}

static const bool OnHost = acc_get_device_type() == acc_device_host;

/// A region in a function that gets the field by pointer and uses its
/// present data.
static void scale(Field *f, double by) {
#pragma acc parallel loop present(f->data[0:f->n])
  for (int i = 0; i < f->n; ++i)
    f->data[i] *= by;
}

int main() {
  const int n = 500;
  Field s{n, static_cast<double *>(std::malloc(n * sizeof(double)))};
  for (int i = 0; i < n; ++i)
    s.data[i] = i;
  double *const host = s.data;

#pragma acc enter data copyin(s)
#pragma acc enter data copyin(s.data[0:s.n])
  CHECK(deviceMember(&s, offsetof(Field, data)) == acc_deviceptr(s.data));
  // A second reference counts a second attachment.
#pragma acc enter data copyin(s.data[0:s.n])

#pragma acc parallel loop present(s)
  for (int i = 0; i < s.n; ++i)
    s.data[i] += 1;
#pragma acc parallel loop
  for (int i = 0; i < s.n; ++i)
    s.data[i] *= 2;
  scale(&s, 0.5);
#pragma acc update self(s.data[0:s.n])
  for (int i = 0; i < n; ++i)
    CHECK(s.data[i] == i + 1);

  // update device of a member section, then read on the device.
  for (int i = 0; i < n; ++i)
    s.data[i] = 7;
#pragma acc update device(s.data[0:s.n])
  double sum = 0;
#pragma acc parallel loop present(s) reduction(+:sum)
  for (int i = 0; i < s.n; ++i)
    sum += s.data[i];
  CHECK(sum == 7.0 * n);

  // update of the whole struct: its other members move, its attached
  // pointer stays as each side has it.
  s.n = n - 100;
#pragma acc update device(s)
  CHECK(deviceMember(&s, offsetof(Field, data)) == acc_deviceptr(s.data));
  sum = 0;
#pragma acc parallel loop present(s) reduction(+:sum)
  for (int i = 0; i < s.n; ++i)
    sum += s.data[i];
  CHECK(sum == 7.0 * (n - 100));
  s.n = n;
#pragma acc parallel num_gangs(1) present(s)
  s.n = n - 1;
#pragma acc update self(s)
  CHECK(s.n == n - 1);
  CHECK(s.data == host);
  s.n = n;
#pragma acc update device(s)

#pragma acc exit data delete(s.data[0:s.n])
  CHECK(deviceMember(&s, offsetof(Field, data)) == acc_deviceptr(s.data)); // still attached
#pragma acc exit data copyout(s.data[0:s.n])
  CHECK(OnHost || !acc_is_present(s.data, n * sizeof(double)));
  CHECK(deviceMember(&s, offsetof(Field, data)) == host); // detached
#pragma acc exit data copyout(s)
  CHECK(s.data == host);
  for (int i = 0; i < n; ++i)
    CHECK(s.data[i] == 7);

  // Arrays of structs: the array, then each element's member.
  const int P = 16;
  Particle parts[P];
  for (int p = 0; p < P; ++p) {
    parts[p].mass = p;
    parts[p].pos = static_cast<double *>(std::malloc(3 * sizeof(double)));
    for (int k = 0; k < 3; ++k)
      parts[p].pos[k] = p + k;
  }
#pragma acc enter data copyin(parts)
  for (int p = 0; p < P; ++p) {
#pragma acc enter data copyin(parts[p].pos[0:3])
  }
#pragma acc parallel loop present(parts)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < 3; ++k)
      parts[p].pos[k] *= parts[p].mass;
  for (int p = 0; p < P; ++p) {
#pragma acc exit data copyout(parts[p].pos[0:3])
  }
#pragma acc exit data delete(parts)
  for (int p = 0; p < P; ++p) {
    for (int k = 0; k < 3; ++k)
      CHECK(parts[p].pos[k] == double(p) * (p + k));
    std::free(parts[p].pos);
  }

  // A global struct: its member is attached in its device copy.
  grid.n = 64;
  grid.v = static_cast<double *>(std::malloc(64 * sizeof(double)));
  for (int i = 0; i < 64; ++i)
    grid.v[i] = i;
#pragma acc enter data copyin(grid) copyin(grid.v[0:grid.n])
#pragma acc parallel loop present(grid)
  for (int i = 0; i < 64; ++i)
    grid.v[i] = -grid.v[i];
#pragma acc exit data copyout(grid.v[0:grid.n]) delete(grid)
  for (int i = 0; i < 64; ++i)
    CHECK(grid.v[i] == -i);
  std::free(grid.v);

  // attach/detach clauses: data made present by the API, then attached.
  acc_copyin(&s, sizeof s);
  acc_copyin(s.data, n * sizeof(double));
#pragma acc enter data attach(s.data)
  CHECK(deviceMember(&s, offsetof(Field, data)) == acc_deviceptr(s.data));
#pragma acc exit data detach(s.data)
  CHECK(deviceMember(&s, offsetof(Field, data)) == host);
  {
    Field *f = &s;
#pragma acc data attach(f->data)
    {
      CHECK(deviceMember(&s, offsetof(Field, data)) == acc_deviceptr(s.data));
#pragma acc parallel loop present(f[0:1])
      for (int i = 0; i < n; ++i)
        f->data[i] = 2 * i;
    }
    CHECK(deviceMember(&s, offsetof(Field, data)) == host);
  }
  acc_copyout(s.data, n * sizeof(double));
  acc_delete(&s, sizeof s);
  for (int i = 0; i < n; ++i)
    CHECK(s.data[i] == 2 * i);
  std::free(s.data);
  return report();
}
