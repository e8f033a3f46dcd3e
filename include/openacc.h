/*===- openacc.h - OpenACC runtime library routines (Ferry) -------------===*\
 *
 * The OpenACC 3.3 runtime library for C and C++ (chapter 3) as implemented by
 * libferry-rt.so, with the deprecated names the specification still lists
 * and NVIDIA's acc_get_cuda_stream / acc_set_cuda_stream. docs/runtime.md
 * says what each routine does on each device and how wrong arguments are
 * reported.
 *
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_OPENACC_H
#define FERRY_OPENACC_H

#include <stddef.h>

#include "ferry/nothrow.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum acc_device_t {
  acc_device_none = 0,
  acc_device_default = 1,
  acc_device_host = 2,
  acc_device_not_host = 3,
  acc_device_nvidia = 4,
  acc_device_radeon = 5,
  /* Not a device: gives the type the range of an int, so that the routines
   * can refuse any other number a program passes (in C++ a value outside an
   * enumeration's range is undefined behaviour). */
  acc_device_ferry_int_range_ = 0x7fffffff
} acc_device_t;

/* Special queue numbers for async arguments: acc_async_noval is the
 * default queue (acc_get_default_async), acc_async_sync is no queue, and
 * acc_set_default_async(acc_async_default) restores the initial default. */
enum { acc_async_noval = -1, acc_async_sync = -2, acc_async_default = -3 };

/* Number of devices of `type` (acc_device_not_host: all GPUs). */
int acc_get_num_devices(acc_device_t type) FERRY_NOTHROW;
/* Selects the device type that compute regions run on. */
void acc_set_device_type(acc_device_t type) FERRY_NOTHROW;
/* The device type that compute regions run on now. */
acc_device_t acc_get_device_type(void) FERRY_NOTHROW;
/* Selects device `num` (0-based) of `type`. */
void acc_set_device_num(int num, acc_device_t type) FERRY_NOTHROW;
/* The current device number of `type`. */
int acc_get_device_num(acc_device_t type) FERRY_NOTHROW;
/* Nonzero when executing on a device of `type`. Host code: acc_device_host. */
int acc_on_device(acc_device_t type) FERRY_NOTHROW;
/* The queue that `async` without an argument and acc_async_noval name, for
 * this thread on the current device: initially queue 0, the queue that
 * synchronous work shares; acc_async_default restores it. */
int acc_get_default_async(void) FERRY_NOTHROW;
void acc_set_default_async(int async_arg) FERRY_NOTHROW;

/* Device memory of the current device (host memory on the host). NULL when
 * bytes is 0 or the allocation fails. */
void *acc_malloc(size_t bytes) FERRY_NOTHROW;
void acc_free(void *data_dev) FERRY_NOTHROW;
/* Copies between host and device memory; the _async forms queue the copy on
 * `async` (acc_async_noval: the default queue). */
void acc_memcpy_to_device(void *data_dev, void *data_host, size_t bytes) FERRY_NOTHROW;
void acc_memcpy_from_device(void *data_host, void *data_dev, size_t bytes) FERRY_NOTHROW;
void acc_memcpy_to_device_async(void *data_dev, void *data_host, size_t bytes,
                                int async) FERRY_NOTHROW;
void acc_memcpy_from_device_async(void *data_host, void *data_dev,
                                  size_t bytes, int async) FERRY_NOTHROW;
/* Data on the current device (OpenACC 3.3 §3.2.18-3.2.33). On the host,
 * whose memory is the device's, data is always present and the device
 * address of a host address is itself. Errors (partially present ranges,
 * update of absent data) are printed and name the range. */
void *acc_copyin(void *data, size_t bytes) FERRY_NOTHROW;
void *acc_create(void *data, size_t bytes) FERRY_NOTHROW;
void acc_copyout(void *data, size_t bytes) FERRY_NOTHROW;
void acc_copyout_finalize(void *data, size_t bytes) FERRY_NOTHROW;
void acc_delete(void *data, size_t bytes) FERRY_NOTHROW;
void acc_delete_finalize(void *data, size_t bytes) FERRY_NOTHROW;
void acc_copyin_async(void *data, size_t bytes, int async) FERRY_NOTHROW;
void acc_create_async(void *data, size_t bytes, int async) FERRY_NOTHROW;
void acc_copyout_async(void *data, size_t bytes, int async) FERRY_NOTHROW;
void acc_copyout_finalize_async(void *data, size_t bytes, int async) FERRY_NOTHROW;
void acc_delete_async(void *data, size_t bytes, int async) FERRY_NOTHROW;
void acc_delete_finalize_async(void *data, size_t bytes, int async) FERRY_NOTHROW;
void acc_update_device(void *data, size_t bytes) FERRY_NOTHROW;
void acc_update_self(void *data, size_t bytes) FERRY_NOTHROW;
void acc_update_device_async(void *data, size_t bytes, int async) FERRY_NOTHROW;
void acc_update_self_async(void *data, size_t bytes, int async) FERRY_NOTHROW;
int acc_is_present(void *data, size_t bytes) FERRY_NOTHROW;
void *acc_deviceptr(void *data) FERRY_NOTHROW;
void *acc_hostptr(void *data_dev) FERRY_NOTHROW;
void acc_map_data(void *data, void *data_dev, size_t bytes) FERRY_NOTHROW;
void acc_unmap_data(void *data) FERRY_NOTHROW;
void acc_memcpy_device(void *data_dev_dest, void *data_dev_src, size_t bytes) FERRY_NOTHROW;
void acc_memcpy_device_async(void *data_dev_dest, void *data_dev_src, size_t bytes,
                             int async_arg) FERRY_NOTHROW;
/* Copies the device copy of host data `data_arg_src` on device
 * `dev_num_src` to the device copy of `data_arg_dest` on device
 * `dev_num_dest`, both devices of the current type; the _async form queues
 * it on `async_arg_src` of the source device. */
void acc_memcpy_d2d(void *data_arg_dest, void *data_arg_src, size_t bytes, int dev_num_dest,
                    int dev_num_src) FERRY_NOTHROW;
void acc_memcpy_d2d_async(void *data_arg_dest, void *data_arg_src, size_t bytes,
                          int dev_num_dest, int dev_num_src, int async_arg_src) FERRY_NOTHROW;
/* Points the device copy of the host pointer at `ptr_addr` to the device
 * copy of its target (attach), or back to the host value once its
 * attachment counter drops to zero (detach; _finalize: at once). */
void acc_attach(void **ptr_addr) FERRY_NOTHROW;
void acc_attach_async(void **ptr_addr, int async_arg) FERRY_NOTHROW;
void acc_detach(void **ptr_addr) FERRY_NOTHROW;
void acc_detach_async(void **ptr_addr, int async_arg) FERRY_NOTHROW;
void acc_detach_finalize(void **ptr_addr) FERRY_NOTHROW;
void acc_detach_finalize_async(void **ptr_addr, int async_arg) FERRY_NOTHROW;
/* Deprecated names (OpenACC 3.3 keeps them): acc_copyin / acc_create. */
void *acc_pcopyin(void *data_arg, size_t bytes) FERRY_NOTHROW;
void *acc_present_or_copyin(void *data_arg, size_t bytes) FERRY_NOTHROW;
void *acc_pcreate(void *data_arg, size_t bytes) FERRY_NOTHROW;
void *acc_present_or_create(void *data_arg, size_t bytes) FERRY_NOTHROW;

/* Device lifecycle and properties. */
void acc_init(acc_device_t type) FERRY_NOTHROW;
void acc_shutdown(acc_device_t type) FERRY_NOTHROW;
/* Initialises / shuts down device `dev_num` of `type` alone. After a
 * shutdown the next use of the device initialises it again. */
void acc_init_device(int dev_num, acc_device_t type) FERRY_NOTHROW;
void acc_shutdown_device(int dev_num, acc_device_t type) FERRY_NOTHROW;
typedef enum acc_device_property_t {
  acc_property_memory = 1,
  acc_property_free_memory = 2,
  /* 1 where the device shares the host's memory (the host), 0 where data
   * is copied (every GPU under Ferry). */
  acc_property_shared_memory_support = 3,
  acc_property_name = 0x10001,
  acc_property_vendor = 0x10002,
  acc_property_driver = 0x10003
} acc_device_property_t;
size_t acc_get_property(int dev_num, acc_device_t type, acc_device_property_t p) FERRY_NOTHROW;
const char *acc_get_property_string(int dev_num, acc_device_t type,
                                    acc_device_property_t p) FERRY_NOTHROW;

/* Waits for queue `wait_arg` / for every queue of the current device; the
 * _device forms on device `dev_num` of the current type. The _async forms
 * order later work of queue `async_arg` after it instead of blocking. */
void acc_wait(int wait_arg) FERRY_NOTHROW;
void acc_wait_device(int wait_arg, int dev_num) FERRY_NOTHROW;
void acc_wait_all(void) FERRY_NOTHROW;
void acc_wait_all_device(int dev_num) FERRY_NOTHROW;
void acc_wait_async(int wait_arg, int async_arg) FERRY_NOTHROW;
void acc_wait_device_async(int wait_arg, int async_arg, int dev_num) FERRY_NOTHROW;
void acc_wait_all_async(int async_arg) FERRY_NOTHROW;
void acc_wait_all_device_async(int async_arg, int dev_num) FERRY_NOTHROW;
/* Waits until one of the `count` queues of `wait_arg` is idle and returns
 * its index; -1 when count is 0 or no entry names a queue
 * (acc_async_sync entries are skipped). */
int acc_wait_any(int count, int *wait_arg) FERRY_NOTHROW;
int acc_wait_any_device(int count, int *wait_arg, int dev_num) FERRY_NOTHROW;
/* Nonzero when everything queued on `wait_arg` / on every queue is done. */
int acc_async_test(int wait_arg) FERRY_NOTHROW;
int acc_async_test_device(int wait_arg, int dev_num) FERRY_NOTHROW;
int acc_async_test_all(void) FERRY_NOTHROW;
int acc_async_test_all_device(int dev_num) FERRY_NOTHROW;
/* Deprecated names (OpenACC 1.0): acc_wait, acc_wait_all. */
void acc_async_wait(int wait_arg) FERRY_NOTHROW;
void acc_async_wait_all(void) FERRY_NOTHROW;

/* NVIDIA: the CUDA stream (CUstream) of queue `async_arg` on the current
 * device; NULL where the current device is not an NVIDIA GPU.
 * acc_set_cuda_stream makes `stream` the queue's stream (1; 0 when it
 * cannot). */
void *acc_get_cuda_stream(int async_arg) FERRY_NOTHROW;
int acc_set_cuda_stream(int async_arg, void *stream) FERRY_NOTHROW;

#ifdef __cplusplus
} /* extern "C" */
#endif
#endif /* FERRY_OPENACC_H */
