// Conformance style: struct members in data clauses (s.data[0:n],
// p->data[0:n], a scalar member), an array of structs with an element's
// member section, a struct with a fixed array member, copying a struct
// whole, and update of a member section.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

struct field_t {
  int len;
  real_t scale;
  real_t *data;
};

struct small_t {
  int id;
  real_t vals[8];
};

int test1() {
  int err = 0;
  field_t f;
  f.len = n;
  f.scale = 2.0;
  f.data = new real_t[n];
  for (int x = 0; x < n; ++x)
    f.data[x] = x;
#pragma acc data copy(f.data[0:f.len]) copyin(f.scale)
  {
#pragma acc parallel loop
    for (int x = 0; x < f.len; ++x)
      f.data[x] *= f.scale;
  }
  for (int x = 0; x < n; ++x)
    if (f.data[x] != 2.0 * x)
      err += 1;
  field_t *p = &f;
#pragma acc parallel loop copy(p->data[0:p->len])
  for (int x = 0; x < p->len; ++x)
    p->data[x] += 1;
  for (int x = 0; x < n; ++x)
    if (f.data[x] != 2.0 * x + 1)
      err += 1;
#pragma acc enter data copyin(f)
#pragma acc enter data copyin(f.data[0:f.len])
#pragma acc parallel loop present(f)
  for (int x = 0; x < f.len; ++x)
    f.data[x] = -f.data[x];
#pragma acc update self(f.data[0:f.len / 2])
  for (int x = 0; x < n / 2; ++x)
    if (f.data[x] != -(2.0 * x + 1))
      err += 1;
#pragma acc exit data delete(f.data[0:f.len])
#pragma acc exit data delete(f)
  delete[] f.data;
  return err;
}

int test2() {
  int err = 0;
  const int m = 16;
  field_t list[m];
  for (int k = 0; k < m; ++k) {
    list[k].len = 100;
    list[k].scale = k;
    list[k].data = new real_t[100];
    for (int x = 0; x < 100; ++x)
      list[k].data[x] = x;
  }
  for (int k = 0; k < m; ++k) {
#pragma acc parallel loop copy(list[k].data[0:list[k].len]) copyin(list[k])
    for (int x = 0; x < 100; ++x)
      list[k].data[x] *= list[k].scale;
  }
  for (int k = 0; k < m; ++k)
    for (int x = 0; x < 100; ++x)
      if (list[k].data[x] != (real_t)k * x)
        err += 1;
  for (int k = 0; k < m; ++k)
    delete[] list[k].data;
  small_t s;
  s.id = 3;
  for (int k = 0; k < 8; ++k)
    s.vals[k] = k;
#pragma acc parallel loop copy(s)
  for (int k = 0; k < 8; ++k)
    s.vals[k] += s.id;
  for (int k = 0; k < 8; ++k)
    if (s.vals[k] != k + 3)
      err += 1;
#pragma acc parallel loop copy(s.vals[2:4])
  for (int k = 2; k < 6; ++k)
    s.vals[k] = 0;
  for (int k = 0; k < 8; ++k)
    if (s.vals[k] != ((k >= 2 && k < 6) ? 0 : k + 3))
      err += 1;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  return failcode ? 1 : 0;
}
