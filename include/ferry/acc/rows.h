/*===- ferry/acc/rows.h - Sections of arrays of pointers ---------------===*\
 *
 * Shared by <ferry/acc/acc.h> (C++) and <ferry/acc/acc_c.h> (C): what a
 * two-dimensional section of an array of pointers (`a[0:n][0:m]` of
 * `T **a`) becomes. Written in the C that C++ compiles too.
 *
\*===----------------------------------------------------------------------===*/
#ifndef FERRY_ACC_ROWS_H
#define FERRY_ACC_ROWS_H

#include "../../openacc.h"
#include "../runtime.h"

/* Sections of rows reached through pointers, `a[lo:n][lo2:len2]` of
 * `T **a`: the construct's item for `a[lo:n]` maps the n pointers; each
 * row's section [a[lo + i] + lo2, len2 elements) is entered with the
 * clause's kind too, and the device copy of a[lo + i] is attached to it
 * (OpenACC's attach action), so that regions reach the rows through the
 * device's pointers. Nothing for rows that are arrays (`pointers` 0: one
 * block of memory, the item maps it all) or on the host. */
typedef struct ferry_acc_rows {
  const ferry_region *region;
  ferry_data_item *items;
  size_t count;
  int async;
} ferry_acc_rows;

static __inline__ ferry_acc_rows
ferry_acc_rows_enter(const ferry_region *r, int pointers, void *const *rows,
                     long long n, size_t offset, size_t bytes,
                     ferry_data_kind kind, const char *name, int on_device,
                     int async) {
  ferry_acc_rows s = {r, 0, 0, async};
  if (!pointers || !on_device || n <= 0 ||
      acc_get_device_type() == acc_device_host)
    return s;
  s.items =
      (ferry_data_item *)__builtin_calloc((size_t)n, sizeof(ferry_data_item));
  if (!s.items)
    ferry_region_abort(r,
                       "no host memory for the rows of an array of pointers");
  for (long long i = 0; i < n; ++i) {
    ferry_data_item *d = &s.items[i];
    d->host = rows[i] ? (const char *)rows[i] + offset : (const char *)0;
    d->bytes = rows[i] ? bytes : 0;
    d->kind = kind;
    d->name = name;
    d->base = rows[i];
    d->pointer = &rows[i];
  }
  s.count = (size_t)n;
  if (ferry_data_enter(r, s.items, s.count, s.async) != FERRY_SUCCESS)
    ferry_region_abort(r, 0); /* the runtime has said why */
  return s;
}

static __inline__ void ferry_acc_rows_exit(ferry_acc_rows *s) {
  if (!s->count)
    return;
  ferry_status st = ferry_data_exit(s->region, s->items, s->count, s->async);
  __builtin_free(s->items);
  if (st != FERRY_SUCCESS)
    ferry_region_abort(s->region, 0);
}

/* `enter data`, `exit data` and `update` of such rows (`action`: a
 * ferry_directive_action; `name`: the clause's variable, for messages). */
static __inline__ void ferry_acc_rows_data(const ferry_region *r, const char *name,
                                           int action, int pointers,
                                           void *const *rows, long long n,
                                           size_t offset, size_t bytes,
                                           int finalize, int async) {
  long long i;
  if (!pointers || acc_get_device_type() == acc_device_host)
    return;
  for (i = 0; i < n; ++i) {
    const int enters = action == FERRY_DIRECTIVE_COPYIN || action == FERRY_DIRECTIVE_CREATE;
    const int exits = action == FERRY_DIRECTIVE_COPYOUT || action == FERRY_DIRECTIVE_DELETE;
    if (!rows[i])
      continue;
    /* A row is attached once it is there, detached before it leaves. */
    if (exits)
      ferry_detach(&rows[i], finalize, async);
    ferry_data_directive(r, action, exits && finalize ? FERRY_DIRECTIVE_FINALIZE : 0,
                         (char *)rows[i] + offset, bytes, async, name);
    if (enters)
      ferry_attach(&rows[i], async);
  }
}

/* `update self/device` of a section of an array of rows (T a[N][M]...,
 * T (*a)[M]) whose inner sections need not be whole (a[lo:n][lo2:n2]: the
 * subarray OpenACC means, not whole rows): `first` is the block's first
 * element, `counts` and `strides` (bytes) its `outer` outer dimensions,
 * outermost first, and `bytes` each innermost segment. The segments move
 * one by one, or as one range where they touch (every inner section
 * whole); with `if_present` only those that are present. */
static __inline__ void ferry_acc_update_block(const ferry_region *r, int action, int if_present,
                                              const char *first, int outer,
                                              const long long *counts, const size_t *strides,
                                              size_t bytes, int async, const char *name) {
  long long index[16] = {0};
  size_t span = bytes;
  int d, touch = outer > 0 && outer <= 16;
  for (d = 0; d < outer && touch; ++d)
    touch = counts[d] > 0;
  if (!touch)
    return;
  for (d = outer - 1; d >= 0 && touch; --d) {
    touch = span == strides[d];
    span = (size_t)counts[d] * strides[d];
  }
  for (;;) {
    const char *at = first;
    size_t n = touch ? span : bytes;
    for (d = 0; d < outer; ++d)
      at += (size_t)index[d] * strides[d];
    if (!if_present || acc_is_present((void *)at, n))
      ferry_data_directive(r, action, 0, (void *)at, n, async, name);
    if (touch)
      return;
    for (d = outer - 1; d >= 0; --d) {
      if (++index[d] < counts[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}

#endif /* FERRY_ACC_ROWS_H */
