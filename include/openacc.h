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
/* Data on the current device (OpenACC 3.3 §3.2.18-3.2.33). On the host,
 * whose memory is the device's, data is always present and the device
 * address of a host address is itself. Errors (partially present ranges,
 * update of absent data) are printed and name the range. */
void *acc_copyin(void *data, size_t bytes);
void *acc_create(void *data, size_t bytes);
void acc_copyout(void *data, size_t bytes);
void acc_copyout_finalize(void *data, size_t bytes);
void acc_delete(void *data, size_t bytes);
void acc_delete_finalize(void *data, size_t bytes);
void acc_copyin_async(void *data, size_t bytes, int async);
void acc_create_async(void *data, size_t bytes, int async);
void acc_copyout_async(void *data, size_t bytes, int async);
void acc_copyout_finalize_async(void *data, size_t bytes, int async);
void acc_delete_async(void *data, size_t bytes, int async);
void acc_delete_finalize_async(void *data, size_t bytes, int async);
void acc_update_device(void *data, size_t bytes);
void acc_update_self(void *data, size_t bytes);
void acc_update_device_async(void *data, size_t bytes, int async);
void acc_update_self_async(void *data, size_t bytes, int async);
int acc_is_present(void *data, size_t bytes);
void *acc_deviceptr(void *data);
void *acc_hostptr(void *data_dev);
void acc_map_data(void *data, void *data_dev, size_t bytes);
void acc_unmap_data(void *data);
void acc_memcpy_device(void *dest_dev, void *src_dev, size_t bytes);

/* Device lifecycle and properties. */
void acc_init(acc_device_t type);
void acc_shutdown(acc_device_t type);
typedef enum acc_device_property_t {
  acc_property_memory = 1,
  acc_property_free_memory = 2,
  acc_property_name = 0x10001,
  acc_property_vendor = 0x10002,
  acc_property_driver = 0x10003
} acc_device_property_t;
size_t acc_get_property(int dev_num, acc_device_t type, acc_device_property_t p);
const char *acc_get_property_string(int dev_num, acc_device_t type,
                                    acc_device_property_t p);

/* Waits for queue `async` / for every queue of the current device. */
void acc_wait(int async);
void acc_wait_all(void);
void acc_wait_async(int wait_arg, int async);
void acc_wait_all_async(int async);
/* Nonzero when everything queued on `async` / on every queue is done. */
int acc_async_test(int async);
int acc_async_test_all(void);

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* FERRY_OPENACC_H */
