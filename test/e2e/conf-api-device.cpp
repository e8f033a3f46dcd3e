// Conformance style: the device routines with their documented values:
// acc_get_num_devices (host: 1), acc_get_device_type after
// acc_set_device_type, acc_get/set_device_num, acc_on_device on the
// host and inside regions, acc_get_property (with
// acc_property_shared_memory_support, which was undeclared) and
// acc_get_property_string.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/conf.h"

#include <string.h>

int test1() {
  int err = 0;
  if (acc_get_num_devices(acc_device_host) != 1)
    err += 1;
  if (acc_get_num_devices(acc_device_none) != 0)
    err += 1;
  acc_device_t t = acc_get_device_type();
  if (t == acc_device_none || t == acc_device_default || t == acc_device_not_host)
    err += 1;
  if (t != acc_device_host && acc_get_num_devices(acc_device_not_host) < 1)
    err += 1;
  if (acc_get_num_devices(t) < 1)
    err += 1;
  int num = acc_get_device_num(t);
  if (num < 0 || num >= acc_get_num_devices(t))
    err += 1;
  acc_set_device_num(0, t);
  if (acc_get_device_num(t) != 0)
    err += 1;
  acc_set_device_type(acc_device_host);
  if (acc_get_device_type() != acc_device_host || acc_get_device_num(acc_device_host) != 0)
    err += 1;
  acc_set_device_type(t);
  if (acc_get_device_type() != t)
    err += 1;
  return err;
}

int test2() {
  int err = 0;
  if (!acc_on_device(acc_device_host))
    err += 1;
  if (acc_on_device(acc_device_not_host))
    err += 1;
  int *flags = new int[4];
  int onhost = 0, notnh = 0;
#pragma acc parallel copy(onhost, notnh)
  {
    onhost = acc_on_device(acc_device_host);
    notnh = acc_on_device(acc_device_not_host);
  }
  if (conf_shared()) {
    if (!onhost || notnh)
      err += 1;
  } else if (onhost || !notnh) {
    err += 1;
  }
  int t = acc_get_device_type();
#pragma acc parallel loop copyout(flags[0:4])
  for (int x = 0; x < 4; ++x)
    flags[x] = acc_on_device((acc_device_t)t);
  for (int x = 0; x < 4; ++x)
    if (!flags[x])
      err += 1;
  delete[] flags;
  return err;
}

int test3() {
  int err = 0;
  acc_device_t t = acc_get_device_type();
  size_t mem = acc_get_property(0, t, acc_property_memory);
  size_t freemem = acc_get_property(0, t, acc_property_free_memory);
  if (freemem > mem)
    err += 1;
  const char *name = acc_get_property_string(0, t, acc_property_name);
  const char *vendor = acc_get_property_string(0, t, acc_property_vendor);
  const char *driver = acc_get_property_string(0, t, acc_property_driver);
  if (!name || !vendor || !driver || !*name || !*vendor)
    err += 1;
  // A string property asked for as a number and the reverse: 0 / NULL.
  if (acc_get_property(0, t, acc_property_name) != 0)
    err += 1;
  if (acc_get_property_string(0, t, acc_property_memory) != NULL)
    err += 1;
  if (acc_get_property(0, t, acc_property_shared_memory_support) != (size_t)conf_shared())
    err += 1;
  if (acc_get_property(0, acc_device_host, acc_property_shared_memory_support) != 1)
    err += 1;
  const char *hname = acc_get_property_string(0, acc_device_host, acc_property_name);
  if (!hname)
    err += 1;
  return err;
}

int main() {
  int failcode = 0;
  failcode += CONF_RUN(test1);
  failcode += CONF_RUN(test2);
  failcode += CONF_RUN(test3);
  return failcode ? 1 : 0;
}
