/*===- openacc.h - OpenACC runtime library routines (Ferry) -------------===*\
 *
 * The OpenACC 3.3 runtime API as implemented by libferry-rt.so. Entries not
 * listed here are not implemented yet (see docs/status.md).
 *
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_OPENACC_H
#define FERRY_OPENACC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum acc_device_t {
  acc_device_none = 0,
  acc_device_default = 1,
  acc_device_host = 2,
  acc_device_not_host = 3,
  acc_device_nvidia = 4,
  acc_device_radeon = 5
} acc_device_t;

/* Number of devices of `type` (acc_device_not_host: all GPUs). */
int acc_get_num_devices(acc_device_t type);
/* Selects the device type that compute regions run on. */
void acc_set_device_type(acc_device_t type);
/* The device type that compute regions run on now. */
acc_device_t acc_get_device_type(void);
/* Selects device `num` (0-based) of `type`. */
void acc_set_device_num(int num, acc_device_t type);
/* The current device number of `type`. */
int acc_get_device_num(acc_device_t type);
/* Nonzero when executing on a device of `type`. Host code: acc_device_host. */
int acc_on_device(acc_device_t type);

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* FERRY_OPENACC_H */
