/*===- ferry/acc/acc_c.h - What directives become in C ------------------===*\
 *
 * The C counterpart of <ferry/acc/acc.h>: the Ferry clang plugin includes it
 * in a C translation unit and rewrites each directive into calls of these
 * functions (docs/plugin.md, "C translation units"). A region's body becomes
 * a block literal (clang's blocks extension, which the plugin turns on for
 * C) that captures nothing: the plugin passes the variables through a
 * closure struct of its own, and Ferry's outliner turns the literal into the
 * region's chunk function, so C and C++ regions share the runtime ABI of
 * <ferry/runtime.h> and one device pipeline.
 *
 * Every name starts with ferry_acc_ or __ferry_; nothing here defines a
 * macro a program could collide with (the rewritten code is not
 * macro-expanded), and the header includes no standard header but
 * <stddef.h> and <stdint.h> (through openacc.h and runtime.h).
 *
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_ACC_ACC_C_H
#define FERRY_ACC_ACC_C_H

#include "../../openacc.h"
#include "../runtime.h"
#include "rows.h"

#ifdef __cplusplus
#error "<ferry/acc/acc_c.h> is Ferry's header for C; C++ uses <ferry/acc/acc.h>"
#endif

/* Marks the start of a region's rewritten block (the plugin recognizes a
 * construct made of loops by it). */
typedef int __ferry_c_loop;

/* Stops the program after a region's failure; `why` NULL: the runtime has
 * printed the reason. */
__attribute__((__noreturn__)) static __inline__ void
ferry_acc_region_failed(ferry_region r, const char *why) {
  ferry_region_abort(&r, why);
}

/* What a construct's `if`, `async`, `wait` and geometry clauses decided. */
typedef struct ferry_acc_launch_options {
  _Bool on_device;
  int async;
  uint32_t num_gangs, vector_length, num_workers;
  _Bool defer;
} ferry_acc_launch_options;

static __inline__ ferry_acc_launch_options ferry_acc_default_options(void) {
  ferry_acc_launch_options o = {1, acc_async_sync, 0, 0, 0, 0};
  return o;
}

static const int ferry_acc_async_noval = acc_async_noval;

/* Whether two ranges of memory share a byte (empty ones share none), as
 * <ferry/acc/acc.h>'s ranges_overlap: a loop proven independent on the
 * condition that two arrays are distinct memory runs in order where not. */
static __inline__ int ferry_acc_ranges_overlap(const void *a, size_t a_bytes, const void *b,
                                               size_t b_bytes) {
  const __UINTPTR_TYPE__ x = (__UINTPTR_TYPE__)a, y = (__UINTPTR_TYPE__)b;
  return a_bytes && b_bytes && x < y + b_bytes && y < x + a_bytes;
}

/* A section a[lo:n][lo2:n2]... of an array of rows (T a[N][M], T (*a)[M])
 * is one block of memory only where every inner section is whole, as
 * <ferry/acc/acc.h>'s rows_base checks in C++: `inner` holds each inner
 * dimension's lower bound, length, and the sizes of its rows and of their
 * elements (their quotient is its extent). Rows that are pointers (T **a)
 * are mapped one by one, their sections as written. */
static __inline__ int ferry_acc_whole_rows(int pointer_rows, const char *text, int dims,
                                           const long long *inner) {
  int d;
  if (pointer_rows)
    return 0;
  for (d = 0; d < dims; ++d) {
    const long long *in = inner + 4 * d, extent = in[3] ? in[2] / in[3] : 0;
    if (in[0] != 0 || in[1] != extent) {
      char why[256];
      __builtin_snprintf(why, sizeof why,
                         "array section %s is not contiguous: inner dimension %d must be "
                         "whole ([0:%lld])",
                         text, d + 2, extent);
      ferry_region_abort(0, why);
    }
  }
  return 0;
}

static __inline__ int ferry_acc_async_queue(long long n) {
  if (n < 0 && n != acc_async_noval && n != acc_async_sync) {
    char why[64];
    __builtin_snprintf(why, sizeof why, "async(%lld) is not a queue number", n);
    ferry_region_abort(0, why);
  }
  return (int)n;
}

static __inline__ uint32_t ferry_acc_geometry_clause(ferry_region r,
                                                 const char *clause,
                                                 long long n, long long max) {
  if (n < 1 || n > max) {
    char why[160];
    __builtin_snprintf(why, sizeof why, "%s(%lld) is out of range [1, %lld]",
                       clause, n, max);
    ferry_region_abort(&r, why);
  }
  return (uint32_t)n;
}

/* Whether the selected device is of a type of `types` (ended by
 * acc_device_none). */
static __inline__ _Bool ferry_acc_device_type_in(const acc_device_t *types) {
  const acc_device_t selected = acc_get_device_type();
  for (; *types != acc_device_none; ++types)
    if (*types == selected)
      return 1;
  return 0;
}

static __inline__ void ferry_acc_wait_queues(int async, const int *queues,
                                         size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (async == acc_async_sync)
      acc_wait(queues[i]);
    else
      acc_wait_async(queues[i], async);
  }
}

static __inline__ void ferry_acc_wait_device_queues(int async, int device,
                                                const int *queues, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (async == acc_async_sync)
      acc_wait_device(queues[i], device);
    else
      acc_wait_device_async(queues[i], async, device);
  }
}

static __inline__ void ferry_acc_wait_all_queues(int async) {
  if (async == acc_async_sync)
    acc_wait_all();
  else
    acc_wait_all_async(async);
}

/* `host_data use_device(p)`: the device address of the data at `p`. */
static __inline__ void *ferry_acc_use_device_address(ferry_region r, const void *p,
                                                 const char *name, _Bool on,
                                                 _Bool if_present) {
  void *host = (void *)p;
  if (!on || !p)
    return host;
  void *d = acc_deviceptr(host);
  if (d)
    return d;
  if (if_present)
    return host;
  char why[256];
  __builtin_snprintf(why, sizeof why,
                     "use_device(%s): the data at %p is not present on the "
                     "device (add it to a "
                     "data clause, or use if_present)",
                     name, p);
  ferry_region_abort(&r, why);
}

/* A construct's data clauses: entered at its start, left (through the
 * cleanup attribute) when its block ends. */
typedef struct ferry_acc_data_scope {
  const ferry_region *region;
  ferry_data_item *items;
  size_t count;
  int async;
} ferry_acc_data_scope;

static __inline__ ferry_acc_data_scope
ferry_acc_data_scope_enter(const ferry_region *r, ferry_data_item *items,
                           size_t n, ferry_acc_launch_options o) {
  ferry_acc_data_scope s = {r, items, o.on_device ? n : 0, o.async};
  if (s.count && ferry_data_enter(r, items, s.count, s.async) != FERRY_SUCCESS)
    ferry_acc_region_failed(*r, 0);
  return s;
}

static __inline__ void ferry_acc_data_scope_exit(ferry_acc_data_scope *s) {
  if (s->count &&
      ferry_data_exit(s->region, s->items, s->count, s->async) != FERRY_SUCCESS)
    ferry_acc_region_failed(*s->region, 0);
}

static __inline__ void ferry_acc_enter_host_region(ferry_region r,
                                               ferry_acc_launch_options o,
                                               _Bool loops_only) {
  if (o.on_device && !loops_only &&
      ferry_enter_host_region(&r) != FERRY_SUCCESS)
    ferry_acc_region_failed(r, 0);
}

/* The end of a construct's sequential control on the host (its loops,
 * launched deferred, complete now, before its data clauses copy out); an
 * async construct's launches stay on its queue. */
static __inline__ void ferry_acc_finish_control(ferry_region r,
                                            ferry_acc_launch_options o) {
  if (o.on_device && o.async == acc_async_sync &&
      ferry_finish_deferred(&r) != FERRY_SUCCESS)
    ferry_acc_region_failed(r, 0);
}

/* `enter data` / `exit data` of a section of a pointer: its attach and
 * detach actions (`is_pointer` is 0 for an array: nothing to do). */
static __inline__ void ferry_acc_attach_pointer(const void *pointer_address,
                                            _Bool is_pointer, int async) {
  if (is_pointer)
    ferry_attach((void *const *)pointer_address, async);
}
static __inline__ void ferry_acc_detach_pointer(const void *pointer_address,
                                            _Bool is_pointer, _Bool finalize,
                                            int async) {
  if (is_pointer)
    ferry_detach((void *const *)pointer_address, finalize, async);
}

/* The slot of a C region: the layout of acc.h's device_region, whose
 * chunk, init and combine are block literals until Ferry's outliner makes
 * them functions, the region it belongs to, and the host's own chunk where
 * it has one (private array sections: the host allocates their copies,
 * a GPU has them from the runtime). */
typedef struct ferry_acc_slot {
  ferry_device_kernel kernel;
  void *chunk, *init, *combine;
  uint64_t closure_size, closure_align, partial_size, partial_align;
  const ferry_region *region;
  void *host_chunk;
} ferry_acc_slot;

/* Reserves `bytes` (aligned to `align`) in a region's private copies;
 * returns their offset. */
static __inline__ uint64_t
ferry_acc_private_reserve(const ferry_region *r, ferry_private_block *b,
                          const char *text, long long lo, long long len,
                          uint64_t element, uint64_t align) {
  if (len < 0 || lo < 0) {
    char why[256];
    __builtin_snprintf(why, sizeof why,
                       "%s: the section's %s is negative (%lld)", text,
                       len < 0 ? "length" : "lower bound", len < 0 ? len : lo);
    ferry_region_abort(r, why);
  }
  const uint64_t offset = (b->gang_bytes + align - 1) / align * align;
  if ((uint64_t)len > ((uint64_t)1 << 56) / element) {
    char why[256];
    __builtin_snprintf(why, sizeof why,
                       "%s: the private copies of its array sections would "
                       "take more than 2^56 "
                       "bytes per copy",
                       text);
    ferry_region_abort(r, why);
  }
  if (align > b->align)
    b->align = align;
  b->gang_bytes = offset + (uint64_t)len * element;
  return offset;
}

/* The number of iterations of `for (i = lo; i CMP bound; i += stride)`
 * (cmp: 0 <, 1 <=, 2 >, 3 >=, 4 !=); -1 when it does not terminate. */
static __inline__ int64_t ferry_acc_trip_count(__int128 lo, __int128 bound,
                                           __int128 stride, int cmp) {
  if (stride == 0)
    return (cmp == 0 && lo >= bound) || (cmp == 1 && lo > bound) ||
                   (cmp == 2 && lo <= bound) || (cmp == 3 && lo < bound) ||
                   (cmp == 4 && lo == bound)
               ? 0
               : -1;
  switch (cmp) {
  case 0:
    return lo >= bound  ? 0
           : stride < 0 ? -1
                        : (int64_t)((bound - lo + stride - 1) / stride);
  case 1:
    return lo > bound   ? 0
           : stride < 0 ? -1
                        : (int64_t)((bound - lo) / stride + 1);
  case 2:
    return lo <= bound  ? 0
           : stride > 0 ? -1
                        : (int64_t)((lo - bound - stride - 1) / -stride);
  case 3:
    return lo < bound   ? 0
           : stride > 0 ? -1
                        : (int64_t)((lo - bound) / -stride + 1);
  default:
    if ((bound - lo) % stride != 0 || (bound - lo) / stride < 0)
      return -1;
    return (int64_t)((bound - lo) / stride);
  }
}

/* The number of iterations of a loop nested in a region's iteration, in
 * 64-bit arithmetic (it runs on the device): `runs` whether the first
 * iteration runs (`lo CMP bound` in the loop's own types), `distance`
 * bound - lo modulo 2^64, `stride` with its sign (cmp as above); -1 when it
 * does not terminate. acc.h's inner_trip_count in C. */
static __inline__ int64_t ferry_acc_inner_trips(int runs, uint64_t distance,
                                            int64_t stride, int cmp) {
  if (!runs)
    return 0;
  const uint64_t magnitude = stride < 0 ? 0 - (uint64_t)stride : (uint64_t)stride;
  uint64_t n;
  if (stride == 0 || ((cmp == 0 || cmp == 1) && stride < 0) ||
      ((cmp == 2 || cmp == 3) && stride > 0))
    return -1;
  switch (cmp) {
  case 0:
    n = (distance - 1) / magnitude + 1;
    break;
  case 1:
    n = distance / magnitude + 1;
    if (n == 0)
      return -1;
    break;
  case 2:
    n = (0 - distance - 1) / magnitude + 1;
    break;
  case 3:
    n = (0 - distance) / magnitude + 1;
    if (n == 0)
      return -1;
    break;
  default: {
    const uint64_t d = stride > 0 ? distance : 0 - distance;
    if (d % magnitude != 0)
      return -1;
    n = d / magnitude;
  }
  }
  return n > (uint64_t)__INT64_MAX__ ? -1 : (int64_t)n;
}

/* Runs a region: `trip` iterations of the chunk in `slot` over `closure`;
 * with reductions, `result` (partial storage) receives their combination. */
static __inline__ void ferry_acc_launch(const ferry_region *r,
                                    ferry_acc_launch_options o,
                                    const ferry_acc_slot *slot,
                                    const void *closure, size_t closure_size,
                                    int64_t trip, void *result,
                                    ferry_private_block *privates) {
  if (trip < 0)
    ferry_acc_region_failed(
        *r, "the loop does not terminate (its step does not move the "
            "variable towards the bound)");
  if (!slot->chunk)
    ferry_acc_region_failed(
        *r, "the region was not outlined: compile with Ferry's plugin "
            "through code generation (-fplugin=libferry-clang.so)");
  ferry_launch_desc desc = {0};
  ferry_reduction red = {slot->partial_size, slot->partial_align,
                         (ferry_init_fn)slot->init,
                         (ferry_combine_fn)slot->combine};
  desc.region = r;
  desc.closure = closure;
  desc.closure_size = closure_size;
  desc.trip_count = trip;
  desc.async = o.async;
  desc.num_gangs = o.num_gangs;
  desc.vector_length = o.vector_length;
  desc.num_workers = o.num_workers;
  desc.defer = o.defer;
  desc.host_fn =
      (ferry_host_chunk_fn)(slot->host_chunk ? slot->host_chunk : slot->chunk);
  if (privates) {
    privates->gang_bytes = (privates->gang_bytes + privates->align - 1) /
                           privates->align * privates->align;
    desc.privates = privates;
  }
  desc.kernel = slot->kernel.name ? &slot->kernel : 0;
  if (result) {
    desc.reduction = &red;
    desc.result = result;
  }
  if (!o.on_device) { /* `if` is false: this thread runs the loop */
    if (result)
      red.init(result);
    desc.host_fn(closure, 0, trip, result);
    return;
  }
  if (ferry_launch_region(&desc) != FERRY_SUCCESS)
    ferry_acc_region_failed(*r, 0); /* the runtime has said why */
}

/* Identities of reductions: the lowest and highest value of each
 * arithmetic type (clang's overloadable functions). */
#define FERRY_ACC_LIMITS(T, LOW, HIGH)                                         \
  static __inline__ __attribute__((__overloadable__)) T ferry_acc_lowest(T x) {    \
    (void)x;                                                                   \
    return LOW;                                                                \
  }                                                                            \
  static __inline__ __attribute__((__overloadable__)) T ferry_acc_highest(T x) {   \
    (void)x;                                                                   \
    return HIGH;                                                               \
  }
FERRY_ACC_LIMITS(_Bool, 0, 1)
#ifdef __CHAR_UNSIGNED__
FERRY_ACC_LIMITS(char, 0, (char)(2 * __SCHAR_MAX__ + 1))
#else
FERRY_ACC_LIMITS(char, -__SCHAR_MAX__ - 1, __SCHAR_MAX__)
#endif
FERRY_ACC_LIMITS(signed char, -__SCHAR_MAX__ - 1, __SCHAR_MAX__)
FERRY_ACC_LIMITS(unsigned char, 0, 2 * __SCHAR_MAX__ + 1)
FERRY_ACC_LIMITS(short, -__SHRT_MAX__ - 1, __SHRT_MAX__)
FERRY_ACC_LIMITS(unsigned short, 0, 2 * __SHRT_MAX__ + 1)
FERRY_ACC_LIMITS(int, -__INT_MAX__ - 1, __INT_MAX__)
FERRY_ACC_LIMITS(unsigned int, 0, 2U * __INT_MAX__ + 1U)
FERRY_ACC_LIMITS(long, -__LONG_MAX__ - 1L, __LONG_MAX__)
FERRY_ACC_LIMITS(unsigned long, 0, 2UL * __LONG_MAX__ + 1UL)
FERRY_ACC_LIMITS(long long, -__LONG_LONG_MAX__ - 1LL, __LONG_LONG_MAX__)
FERRY_ACC_LIMITS(unsigned long long, 0, 2ULL * __LONG_LONG_MAX__ + 1ULL)
FERRY_ACC_LIMITS(float, -__builtin_inff(), __builtin_inff())
FERRY_ACC_LIMITS(double, -__builtin_inf(), __builtin_inf())
FERRY_ACC_LIMITS(long double, -__builtin_infl(), __builtin_infl())
#undef FERRY_ACC_LIMITS

#endif /* FERRY_ACC_ACC_C_H */
