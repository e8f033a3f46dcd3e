// Device memory through the OpenACC 3.3 routines: acc_property_free_memory
// drops by what the program allocates and comes back when it is freed;
// device-to-device copies (acc_memcpy_device(_async), acc_memcpy_d2d(_async)
// between the copies of host arrays); the deprecated present-or routines
// move nothing for present data; and acc_init_device / acc_shutdown_device
// leave data present and the device usable.
// RUN: %ferry-clangxx -O2 %s -o %t
// RUN: env ACC_DEVICE_TYPE=host %run %t 2>&1 | %count 0
// RUN: %emu-gfx90a %run %t 2>&1 | %count 0
// RUN: %emu-gfx1100 %run %t 2>&1 | %count 0
#include "Inputs/check.h"
#include <openacc.h>

const int n = 1 << 16;
float x[n], y[n], z[n];

int main() {
  const acc_device_t type = acc_get_device_type();
  const int dev = acc_get_device_num(type);
  const bool shared = type == acc_device_host;
  acc_init_device(dev, type);
  const size_t total = acc_get_property(dev, type, acc_property_memory);
  const size_t free0 = acc_get_property(dev, type, acc_property_free_memory);
  CHECK(free0 > 0 && free0 <= total);

  const size_t big = size_t(32) << 20;
  void *block = acc_malloc(big);
  CHECK(block != nullptr);
  const size_t free1 = acc_get_property(dev, type, acc_property_free_memory);
  CHECK(free1 + big <= free0);

  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 0;
    z[i] = -1;
  }
  acc_copyin(x, sizeof x);
  acc_create(y, sizeof y);
  acc_create(z, sizeof z);
  if (!shared)
    CHECK(acc_get_property(dev, type, acc_property_free_memory) + 3 * sizeof x <= free1);

  // Present data: the old names neither copy nor allocate again.
  x[0] = -5;
  float *dx = static_cast<float *>(acc_pcopyin(x, sizeof x));
  CHECK(dx == acc_deviceptr(x));
  CHECK(acc_present_or_copyin(x, sizeof x) == dx);
  CHECK(acc_pcreate(y, sizeof y) == acc_deviceptr(y));
  CHECK(acc_present_or_create(y, sizeof y) == acc_deviceptr(y));
  float first = 1;
  acc_memcpy_from_device(&first, dx, sizeof first);
  CHECK(first == (shared ? -5.0f : 0.0f));
  x[0] = 0;
  acc_update_device(x, sizeof(float));

  // y = 2 x on the device, then through the acc_malloc block into z.
  acc_memcpy_device(acc_deviceptr(y), dx, sizeof x);
#pragma acc parallel loop present(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] *= 2;
  acc_memcpy_device_async(block, acc_deviceptr(y), sizeof y, 4);
  acc_wait(4);
  acc_memcpy_d2d(z, y, sizeof y, dev, dev);
  acc_update_self(z, sizeof z);
  for (int i = 0; i < n; ++i)
    CHECK(z[i] == 2.0f * i);
  acc_memcpy_d2d_async(z, x, sizeof x, dev, dev, 1);
  acc_wait(1);
  acc_update_self(z, sizeof z);
  for (int i = 0; i < n; ++i)
    CHECK(z[i] == float(i));
  acc_memcpy_from_device(z, block, sizeof z);
  for (int i = 0; i < n; ++i)
    CHECK(z[i] == 2.0f * i);

  // After a shutdown, the next region initialises the device again; the
  // data stays present.
  acc_shutdown_device(dev, type);
  CHECK(acc_is_present(x, sizeof x));
#pragma acc parallel loop present(x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
  acc_copyout(x, sizeof x); // present twice more (acc_pcopyin): stays
  CHECK(acc_is_present(x, sizeof x));
  acc_copyout_finalize(x, sizeof x);
  CHECK(!shared == !acc_is_present(x, sizeof x));
  for (int i = 0; i < n; ++i)
    CHECK(x[i] == i + 1.0f);

  acc_delete_finalize(y, sizeof y);
  acc_delete(z, sizeof z);
  acc_free(block);
  if (type != acc_device_nvidia) // the driver's figure moves by itself
    CHECK(acc_get_property(dev, type, acc_property_free_memory) == free0);
  return report();
}
