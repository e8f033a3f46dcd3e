// Conformance style: no_create of present data (used) and of absent data
// not used on the device (the region gets the host address; it used to
// stop as "not present"), on the compute construct and on an enclosing
// data construct; attach/detach of a struct's pointer member on
// enter/exit data and the attach clause; acc_attach/acc_detach; deviceptr
// on a data construct holding for the regions inside.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

typedef struct {
  int len;
  real_t *data;
} vec_t;

int test1() {
  int err = 0;
  real_t *a = new real_t[n], *unused = new real_t[n];
  for (int x = 0; x < n; ++x)
    a[x] = x;
#pragma acc data copy(a[0:n])
  {
#pragma acc parallel loop no_create(a[0:n])
    for (int x = 0; x < n; ++x)
      a[x] += 1;
  }
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 1)
      err += 1;
  int flag = 0;
#pragma acc parallel loop no_create(unused[0:n]) copy(a[0:n])
  for (int x = 0; x < n; ++x) {
    if (flag)
      unused[x] = 1;
    a[x] -= 1;
  }
  if (!conf_shared() && acc_is_present(unused, n * sizeof(real_t)))
    err += 1;
  for (int x = 0; x < n; ++x)
    if (a[x] != x)
      err += 1;
  // no_create on an enclosing data construct: the region inside names the
  // absent array in no clause.
#pragma acc data no_create(unused[0:n]) copy(a[0:n])
  {
#pragma acc parallel loop
    for (int x = 0; x < n; ++x) {
      if (flag)
        unused[x] = 2;
      a[x] += 2;
    }
  }
  for (int x = 0; x < n; ++x)
    if (a[x] != x + 2)
      err += 1;
  delete[] a;
  delete[] unused;
  return err;
}

int test2() {
  int err = 0;
  vec_t v;
  v.len = n;
  v.data = new real_t[n];
  for (int x = 0; x < n; ++x)
    v.data[x] = x;
#pragma acc enter data copyin(v)
#pragma acc enter data copyin(v.data[0:v.len])
#pragma acc parallel loop present(v)
  for (int x = 0; x < v.len; ++x)
    v.data[x] *= 2;
#pragma acc exit data copyout(v.data[0:v.len])
#pragma acc exit data delete(v)
  for (int x = 0; x < n; ++x)
    if (v.data[x] != 2.0 * x)
      err += 1;
  // attach clause and the routines.
  vec_t *p = (vec_t *)malloc(sizeof(vec_t));
  p->len = n;
  p->data = v.data;
#pragma acc enter data copyin(p[0:1])
#pragma acc enter data copyin(p->data[0:n])
#pragma acc parallel loop present(p[0:1]) attach(p->data)
  for (int x = 0; x < n; ++x)
    p->data[x] += 1;
  acc_detach((void **)&p->data);
  acc_attach((void **)&p->data);
#pragma acc parallel loop present(p[0:1])
  for (int x = 0; x < n; ++x)
    p->data[x] += 1;
#pragma acc exit data copyout(p->data[0:n]) detach(p->data)
#pragma acc exit data delete(p[0:1])
  for (int x = 0; x < n; ++x)
    if (v.data[x] != 2.0 * x + 2)
      err += 1;
  free(p);
  delete[] v.data;
  return err;
}

int test3() {
  int err = 0;
  real_t *d = (real_t *)acc_malloc(n * sizeof(real_t));
  real_t *out = new real_t[n];
#pragma acc data deviceptr(d) copyout(out[0:n])
  {
#pragma acc parallel loop
    for (int x = 0; x < n; ++x)
      d[x] = x * 0.5;
#pragma acc parallel loop
    for (int x = 0; x < n; ++x)
      out[x] = d[x] + 1;
  }
  for (int x = 0; x < n; ++x)
    if (out[x] != x * 0.5 + 1)
      err += 1;
  acc_free(d);
  delete[] out;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}
