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

/* Special queue numbers for async arguments. */
enum { acc_async_noval = -1, acc_async_sync = -2 };

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

/* Device memory of the current device (host memory on the host). NULL when
 * bytes is 0 or the allocation fails. */
void *acc_malloc(size_t bytes);
void acc_free(void *data_dev);
/* Copies between host and device memory; the _async forms queue the copy on
 * `async` (acc_async_noval: the default queue). */
void acc_memcpy_to_device(void *data_dev, void *data_host, size_t bytes);
void acc_memcpy_from_device(void *data_host, void *data_dev, size_t bytes);
void acc_memcpy_to_device_async(void *data_dev, void *data_host, size_t bytes,
                                int async);
void acc_memcpy_from_device_async(void *data_host, void *data_dev,
                                  size_t bytes, int async);
/* Waits for queue `async` / for every queue of the current device. */
void acc_wait(int async);
void acc_wait_all(void);
/* Nonzero when everything queued on `async` / on every queue is done. */
int acc_async_test(int async);
int acc_async_test_all(void);

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* FERRY_OPENACC_H */
