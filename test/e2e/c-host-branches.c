// A routine's branch that runs on the host only, `if
// (acc_on_device(acc_device_host))` (or `!acc_on_device(acc_device_not_host)`,
// or the else of `acc_on_device(acc_device_not_host)`), may do what device
// code cannot: I/O, host globals (stderr), functions without a device
// version. acc_on_device is a constant of each device image, so the branch
// is not device code (Kokkos' KOKKOS_IF_ON_HOST; GCC folds it the same way).
// It was refused ("a compute region cannot do I/O ('fprintf') on a GPU"), and
// its functions and globals were taken into the device module. On the host
// device the branch runs. C and C++ (where a handle's copy constructor and
// destructor count references on the host only).
// RUN: %ferry-clang -std=c11 -O2 %s -o %t 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t 2> %t.host && %FileCheck %s --check-prefix=HOST < %t.host
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
// RUN: %ferry-clangxx -x c++ -O2 %s -o %t.cxx 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t.cxx 2>&1 | %count 0
// RUN: env ACC_DEVICE_TYPE=host %run %t.cxx 2> %t.host-cxx && %FileCheck %s --check-prefix=HOST < %t.host-cxx
// HOST: negative -1 on the host
#include <openacc.h>
#include <stdio.h>

static int host_reports = 0;

static void host_report(const char *what, int x) {
  fprintf(stderr, "%s %d on the host\n", what, x);
  ++host_reports;
}

#pragma acc routine seq
static int half_or_zero(int x) {
  if (x < 0) {
    if (acc_on_device(acc_device_host))
      host_report("negative", x);
    return 0;
  }
  if (!acc_on_device(acc_device_not_host))
    ++host_reports; // the host's count
  return x / 2;
}

#pragma acc routine seq
static int where(void) {
  if (acc_on_device(acc_device_not_host))
    return 1;
  else
    host_report("not on a device", 0);
  return 0;
}

#ifdef __cplusplus
// A handle whose copy constructor and destructor count references on the
// host only (Kokkos' View tracker): a copy made in device code runs them
// (invoked, in a destructor), their host branches are not device code.
static int references = 0;
static void retain(void) { ++references; }
static void release(void) { --references; }
struct Handle {
  int *data;
  explicit Handle(int *d) : data(d) { retain(); }
  Handle(const Handle &o) : data(o.data) {
    if (acc_on_device(acc_device_host))
      retain();
  }
  ~Handle() {
    if (acc_on_device(acc_device_host) && data)
      release();
  }
};

static int handleCopies(void) {
  int values[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
  int bad = 0;
  {
    const Handle h(values);
#pragma acc parallel loop copyin(values) copyout(out) firstprivate(h)
    for (int i = 0; i < 8; ++i) {
      Handle copy = h;
      out[i] = copy.data[i] * 2;
    }
    for (int i = 0; i < 8; ++i)
      bad += out[i] != 2 * (i + 1);
    bad += references != 1;
  }
  bad += references != 0;
  if (bad)
    printf("handles: %d wrong, references %d\n", bad, references);
  return bad;
}
#else
static int handleCopies(void) { return 0; }
#endif

int main(void) {
  int a[16], w[16];
#pragma acc parallel loop copyout(a, w)
  for (int i = 0; i < 16; ++i) {
    a[i] = half_or_zero(i - 1);
    w[i] = i == 0 ? 1 : where();
  }
  long s = 0;
  int on_device = 0;
  for (int i = 0; i < 16; ++i) {
    s += a[i];
    on_device += w[i];
  }
  const int host = acc_get_device_type() == acc_device_host;
  int bad = s != 49;
  bad |= host ? (host_reports != 31 || on_device != 1) : (host_reports != 0 || on_device != 16);
  if (bad)
    printf("sum %ld (49), reports %d, device answers %d\n", s, host_reports, on_device);
  return bad | handleCopies();
}
